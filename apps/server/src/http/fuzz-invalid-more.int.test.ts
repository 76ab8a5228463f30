// Bad input: the second half of the JSON POST routes gets 1,000 invalid bodies
// each (the first half and the route check: fuzz.int.test.ts). PGlite only (see startFuzzApp).
import { describeInvalidBodies, JSON_ROUTES } from '../test/fuzz/index.js';

const HALF = Math.ceil(JSON_ROUTES.length / 2);

describeInvalidBodies('JSON routes (second half) under invalid bodies', JSON_ROUTES.slice(HALF));
