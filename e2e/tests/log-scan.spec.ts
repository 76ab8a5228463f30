import { expect, test } from '@playwright/test';
import { findSecrets } from '../global-teardown';

// The server-log scan that ends every e2e run: it must find a gift card code however it is
// written, and must not take a request id for one.

const kinds = (line: string) => findSecrets('server.log', line, []).map((found) => found.kind);

test('the log scan finds gift card codes, grouped or in one run, and not request ids', () => {
  expect(kinds('{"msg":"redeemed","code":"ABCD-EFGH-JKLM-NPQR-STUV"}')).toEqual([
    'a gift card code',
  ]);
  expect(kinds('{"msg":"redeemed","code":"ABCDEFGHJKLMNPQRSTUV"}')).toEqual(['a gift card code']);
  // A UUID whose middle groups are all digits from 2 to 9 (seen in a run's log).
  expect(kinds('{"requestId":"026c1792-c663-4472-9336-977974978688"}')).toEqual([]);
  expect(kinds('{"requestId":"22222222-3333-4444-5555-666666666666"}')).toEqual([]);
});
