// Bad input: 1,000 valid bodies for every accounts POST route (the others:
// fuzz-valid.int.test.ts). PGlite only (see startFuzzApp).
import { describeValidBodies, JSON_ROUTES } from '../test/fuzz/index.js';

describeValidBodies(
  'accounts POST routes under valid bodies',
  JSON_ROUTES.filter((pattern) => /^\/api\/accounts\//i.test(pattern)),
);
