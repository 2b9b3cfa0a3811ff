import { describe, expect, it } from 'vitest';
import { compareSemver, isNewerVersion, parseSemver } from './semver.ts';

describe('semantic version comparison', () => {
  it.each([
    ['1.0.1', '1.0.0', true],
    ['1.0.0', '1.0.0', false],
    ['0.9.9', '1.0.0', false],
    ['1.10.0', '1.9.0', true], // numeric, not string, comparison
    ['2.0.0', '1.99.99', true],
    ['1.0.0', '1.0.0-rc.1', true], // a release beats its pre-release
    ['1.0.0-rc.1', '1.0.0', false],
    ['1.0.0-rc.2', '1.0.0-rc.1', true],
    ['1.0.0-rc.10', '1.0.0-rc.2', true],
    ['1.0.0-beta', '1.0.0-alpha', true],
    ['1.0.0-alpha.1', '1.0.0-alpha', true], // more identifiers rank higher
    ['1.0.0-alpha.beta', '1.0.0-alpha.1', true], // alphanumeric beats numeric
    ['1.0.0+build.5', '1.0.0+build.1', false], // build metadata is ignored
    ['v1.2.3', '1.2.2', true],
    ['0.0.3', '0.0.2', true],
    ['0.0.2', '0.0.2', false],
    ['0.0.2', '0.0.1', true],
  ])('%s newer than %s: %s', (a, b, expected) => {
    expect(isNewerVersion(a, b)).toBe(expected);
  });

  it.each([
    '',
    '1',
    '1.0',
    '1.0.0.0',
    '01.0.0',
    '1.0.0-',
    '1.0.0-01',
    'latest',
    ' 1.0.0x',
    '99999999999999999999.0.0',
  ])('rejects the invalid version %j', (v) => {
    expect(parseSemver(v)).toBeNull();
    expect(isNewerVersion(v, '0.0.1')).toBe(false);
  });

  it('never treats non-strings as versions', () => {
    for (const v of [null, undefined, 1, {}, []]) expect(isNewerVersion(v, '0.0.1')).toBe(false);
    expect(isNewerVersion('1.0.0', null)).toBe(false);
  });

  it('orders a list like semver.org', () => {
    const list = [
      '1.0.0',
      '1.0.0-rc.1',
      '1.0.0-beta.11',
      '1.0.0-beta.2',
      '1.0.0-beta',
      '1.0.0-alpha.beta',
      '1.0.0-alpha.1',
      '1.0.0-alpha',
    ];
    const sorted = [...list].sort((a, b) => compareSemver(parseSemver(a)!, parseSemver(b)!));
    expect(sorted).toEqual([...list].reverse());
  });
});
