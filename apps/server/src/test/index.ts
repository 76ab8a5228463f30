// Test helpers for integration tests (`*.int.test.ts`).
export { buildTestApp, testConfig, type TestAppOptions } from './app.js';
export { registerTestApp } from './app-registry.js';
export { createTestDatabase, testEngines, type Engine, type TestDatabase } from './database.js';
export { describeEachEngine, type EngineContext } from './each-engine.js';
export {
  bearer,
  openVerificationLink,
  randomIp,
  signUp,
  STRONG_PASSWORD,
  verificationLinkIn,
  verifyEmailOf,
  type SignUpOptions,
  type TestUser,
} from './accounts.js';
export { startSmtpCapture, type SmtpCapture } from './smtp.js';
export { useSmtpCapture } from './smtp-suite.js';
export {
  startFakeOpenAiImages,
  startFakeSdWebui,
  type FakeImageApi,
  type FakeImageBehaviour,
  type RecordedRequest,
} from './fake-image-apis.js';
export { startFakeStripe, type FakeStripe, type RecordedStripeRequest } from './fake-stripe.js';
export { signUpAdmin, type TestAdmin } from './admin.js';
export {
  enrollTwoStep,
  loginWithCode,
  loginWithStep,
  timeStep,
  totpCode,
  wrongCode,
  type TwoStepEnrolment,
} from './two-step.js';
export {
  ageReauthentication,
  reauthenticate,
  sendReauthentication,
  sessionIdOf,
} from './reauthentication.js';
export { seedTestCatalog } from './catalog.js';
export { until } from './until.js';
export {
  createSoftAuthenticator,
  type SoftAuthenticator,
  type SoftCredential,
} from './webauthn-authenticator.js';
export {
  addPasskey,
  listPasskeys,
  loginOptions,
  PASSKEY_NOT_VERIFIED,
  PASSKEY_ORIGIN,
  passkeyLogin,
  registrationOptions,
  requestRegistrationOptions,
  sendRegistration,
} from './passkeys.js';
export { expectMarks, readXmp, type ExpectedMarks } from './picture-marks.js';
