import { describe, expect, it } from 'vitest';
import { catalogueFields, editedColumns, editProduct, newCatalogueRow } from '../src/earn/products.ts';

// The catalogue AI savings and staking share (ADR 243), as pure functions; the routes through
// both services are covered by ai.test.ts, staking.test.ts and operator-texts.test.ts.

const ROW = {
  id: '3',
  name: 'ETH Staking 60 days',
  name_i18n: { de: 'ETH-Staking 60 Tage' },
  coin: 'ETH',
  min_amount: '10000000',
  max_amount: '10000000000',
  enabled: false,
};

describe('earn product catalogue', () => {
  it('shows the reader the name in their language, else the text of record, and no map', () => {
    expect(catalogueFields(ROW, 'de')).toEqual({
      id: '3',
      name: 'ETH-Staking 60 Tage',
      coin: 'ETH',
      min_amount: '0.10000000',
      max_amount: '100.00000000',
      enabled: false,
    });
    expect(catalogueFields(ROW, 'fr').name).toBe('ETH Staking 60 days');
    expect(catalogueFields({ ...ROW, name_i18n: '{"fr":"Staking ETH 60 jours"}' }, 'fr').name).toBe(
      'Staking ETH 60 jours',
    );
  });

  it('shows the operator the text of record and the whole map', () => {
    const shown = catalogueFields(ROW);
    expect(shown.name).toBe('ETH Staking 60 days');
    expect(shown.name_i18n).toEqual({ de: 'ETH-Staking 60 Tage' });
  });

  it('stores a new product with its range in units and `{}` when no map is given', () => {
    expect(
      newCatalogueRow(
        { name: 'SOL 30', coin: 'USDC', min_amount: '1.5', max_amount: '500' },
        1_700_000_000_000,
      ),
    ).toEqual({
      name: 'SOL 30',
      name_i18n: '{}',
      coin: 'USDC',
      min_amount: '1500000',
      max_amount: '500000000',
      created_at: '1700000000000',
    });
    expect(() => newCatalogueRow({ name: 'x', coin: 'USDC', min_amount: '5', max_amount: '4' }, 0)).toThrow();
  });

  it('sets only the columns an edit names; a map replaces the stored one whole', () => {
    expect(editedColumns({ enabled: false })).toEqual({ enabled: false });
    expect(editedColumns({ name: 'New', name_i18n: {} })).toEqual({ name: 'New', name_i18n: '{}' });
    expect(editedColumns({ name_i18n: { it: 'Nuovo' } })).toEqual({ name_i18n: '{"it":"Nuovo"}' });
  });

  it('passes the columns to the service and refuses an unknown product', async () => {
    let written: unknown;
    const row = await editProduct({ enabled: true }, async (columns) => {
      written = columns;
      return ROW;
    });
    expect(written).toEqual({ enabled: true });
    expect(row).toBe(ROW);
    await expect(editProduct({ enabled: true }, async () => undefined)).rejects.toMatchObject({
      errorName: 'NOT_FOUND',
    });
  });
});
