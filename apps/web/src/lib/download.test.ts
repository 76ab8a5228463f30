import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download';

describe('fileNameFrom (Content-Disposition)', () => {
  it('reads a quoted, a bare and an RFC 6266 extended file name, the extended one first', () => {
    expect(fileNameFrom('attachment; filename="red-fox.jpg"', 'x')).toBe('red-fox.jpg');
    expect(fileNameFrom('attachment; filename=red-fox.jpg', 'x')).toBe('red-fox.jpg');
    expect(
      fileNameFrom(`attachment; filename="fox.jpg"; filename*=UTF-8''%E8%B5%A4%E3%81%84.jpg`, 'x'),
    ).toBe('赤い.jpg');
  });

  it('falls back without a header or a name, and keeps a name out of other folders', () => {
    expect(fileNameFrom(null, 'fallback.jpg')).toBe('fallback.jpg');
    expect(fileNameFrom('attachment', 'fallback.jpg')).toBe('fallback.jpg');
    expect(fileNameFrom('attachment; filename="../../etc/passwd"', 'x')).toBe('.._.._etc_passwd');
  });
});
