// Bad input: 1,000 valid bodies for every JSON POST route outside accounts; the
// accounts routes (password hashing and strength checks make them the slowest): fuzz-valid-
// accounts.int.test.ts. Split so the two run side by side. PGlite only (see startFuzzApp).
import { describeValidBodies, JSON_ROUTES } from '../test/fuzz/index.js';

describeValidBodies(
  'JSON POST routes outside accounts under valid bodies',
  JSON_ROUTES.filter((pattern) => !/^\/api\/accounts\//i.test(pattern)),
);
