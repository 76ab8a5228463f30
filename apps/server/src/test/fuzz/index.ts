// Fuzzing helpers: request bodies generated from the contract's zod schemas.
export { describeSent, expectFieldMap, expectNoServerError } from './answers.js';
export { post, startFuzzApp, type FuzzApp, type FuzzRequest } from './fuzz-app.js';
export { fillParams, postRouteCollector, type PostRoute } from './post-routes.js';
export { bodyArbitraries, type BodyArbitraries } from './request-bodies.js';
export { DOMAIN_400_FIELDS, JSON_ROUTES, RAW_ROUTES } from './route-table.js';
export { jsonRouteClient, type JsonRoute } from './json-route-client.js';
export { describeInvalidBodies } from './describe-invalid-bodies.js';
export { describeValidBodies } from './describe-valid-bodies.js';
