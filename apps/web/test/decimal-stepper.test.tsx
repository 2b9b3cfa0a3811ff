// The trade forms' price and amount fields wrote "97257.86" in German while every figure around
// them reads 97.257,86: the field now shows the language's decimal mark and still hands the form a
// plain decimal string.

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DecimalStepper } from '../src/features/trade/components/DecimalStepper.tsx';
import { openScreen } from './helpers/screen.tsx';

const seen: string[] = [];

function Field() {
  const [value, setValue] = useState('97257.86');
  seen.push(value);
  return (
    <DecimalStepper label="Price" name="price" value={value} onChange={setValue} step="0.01" scale={2} />
  );
}

const input = () => screen.getByRole('textbox') as HTMLInputElement;

describe('DecimalStepper', () => {
  afterEach(() => {
    cleanup();
    seen.length = 0;
  });

  it('shows the German decimal comma and reads it back as a point', () => {
    openScreen([{ path: '/', Component: Field }], '/', { lang: 'de' });
    expect(input().value).toBe('97257,86');
    fireEvent.change(input(), { target: { value: '97300,5' } });
    expect(seen.at(-1)).toBe('97300.5');
    expect(input().value).toBe('97300,5');
    fireEvent.click(screen.getByRole('button', { name: /\+|erhöhen|increase/i }));
    expect(seen.at(-1)).toBe('97300.51');
    expect(input().value).toBe('97300,51');
  });

  it('keeps the point in English', () => {
    openScreen([{ path: '/', Component: Field }], '/');
    expect(input().value).toBe('97257.86');
    fireEvent.change(input(), { target: { value: '1,5' } });
    expect(seen.at(-1)).toBe('1.5');
    expect(input().value).toBe('1.5');
  });
});
