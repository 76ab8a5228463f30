import { describe, expect, it } from 'vitest';
import { vatRateFor } from '@pictura/contract';
import { countryOfVatNumber } from './vat.js';

describe("the shop's country, from its VAT number", () => {
  it('is the prefix, with an EU standard rate', () => {
    expect(countryOfVatNumber('ESB12345678')).toBe('ES');
    expect(vatRateFor(countryOfVatNumber('ESX0000000X'))).toBe(2100);
    expect(countryOfVatNumber('FR12345678901')).toBe('FR');
  });

  it("reads Greece's EL as GR, the code its rate is kept under", () => {
    expect(countryOfVatNumber('EL123456789')).toBe('GR');
    expect(vatRateFor(countryOfVatNumber('EL123456789'))).toBe(2400);
  });
});
