import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ChangePasswordRequestSchema,
  EmptyResponseSchema,
  ErrorBodySchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  ProfileResponseSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  TokenResponseSchema,
  UpdateBillingRequestSchema,
  UpdateProfileRequestSchema,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { routeRateLimit } from '../../http/rate-limit.js';
import { requireUser, userOf } from './auth.js';
import { requestLocale } from './locale.js';
import type { createPasswordService } from './password-service.js';
import { emailRateLimit } from './rate-limits.js';
import type { createAccountsService } from './service.js';

export interface AccountsRoutesOptions {
  service: ReturnType<typeof createAccountsService> & ReturnType<typeof createPasswordService>;
  config: Pick<AppConfig, 'authRateLimitIpMax' | 'authRateLimitEmailMax'>;
}

const tags = ['accounts'];
const errors = { 400: ErrorBodySchema, 429: ErrorBodySchema };
const signedInErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/** The account calls of docs/product/api.md#calls, plus log out and log out everywhere. */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (
  app,
  { service, config },
) => {
  // Guessable endpoints get a tight budget per IP and one per email address.
  const perIp = routeRateLimit(config.authRateLimitIpMax);
  const perEmail = (endpoint: string) =>
    emailRateLimit(app, endpoint, config.authRateLimitEmailMax);

  app.post(
    apiPaths.accountsRegister,
    {
      config: perIp,
      preHandler: perEmail('register'),
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: RegisterRequestSchema,
        response: { 200: TokenResponseSchema, ...errors },
      },
    },
    async (request) =>
      service.register(request.body, requestLocale(request.headers), request.headers['user-agent']),
  );

  app.post(
    apiPaths.accountsLogin,
    {
      config: perIp,
      preHandler: perEmail('login'),
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: LoginRequestSchema,
        response: { 200: TokenResponseSchema, ...errors },
      },
    },
    async (request) => service.login(request.body, request.headers['user-agent']),
  );

  app.post(
    apiPaths.accountsRefresh,
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for new tokens (the old one stops working)',
        body: RefreshRequestSchema,
        response: { 200: TokenResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.refresh(request.body.refreshToken),
  );

  app.post(
    apiPaths.accountsLogout,
    {
      schema: {
        tags,
        summary: 'End the session of this refresh token',
        body: LogoutRequestSchema,
        response: { 200: EmptyResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.logout(request.body.refreshToken);
      return {};
    },
  );

  app.post(
    apiPaths.accountsLogoutAll,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "End all of the user's sessions",
        response: { 200: EmptyResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.logoutEverywhere(userOf(request));
      return {};
    },
  );

  app.post(
    apiPaths.accountsForgotPassword,
    {
      config: perIp,
      preHandler: perEmail('forgot-password'),
      schema: {
        tags,
        summary: 'Mail a password-reset code (the answer is the same for every email)',
        body: ForgotPasswordRequestSchema,
        response: { 200: EmptyResponseSchema, ...errors },
      },
    },
    async (request) => {
      service.forgotPassword(request.body.email);
      return {};
    },
  );

  app.post(
    apiPaths.accountsResetPassword,
    {
      config: perIp,
      preHandler: perEmail('reset-password'),
      schema: {
        tags,
        summary: 'Set a new password with the mailed code; every session ends',
        body: ResetPasswordRequestSchema,
        response: { 200: EmptyResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.resetPassword(request.body);
      return {};
    },
  );

  app.post(
    apiPaths.accountsChangePassword,
    {
      config: perIp,
      preValidation: requireUser,
      preHandler: app.limitPasswordChecks,
      schema: {
        tags,
        summary: 'Change the password; every other session ends',
        body: ChangePasswordRequestSchema,
        response: { 200: EmptyResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await service.changePassword(userOf(request), request.body);
      return {};
    },
  );

  app.get(
    apiPaths.accountsProfile,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's profile, billing information and currency",
        response: { 200: ProfileResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.profile(userOf(request)),
  );

  app.post(
    apiPaths.accountsUpdate,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Update the signed-in user's name",
        body: UpdateProfileRequestSchema,
        response: { 200: ProfileResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.updateProfile(userOf(request), request.body),
  );

  app.post(
    apiPaths.accountsUpdateBilling,
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Update the signed-in user's billing information",
        body: UpdateBillingRequestSchema,
        response: { 200: ProfileResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.updateBilling(userOf(request), request.body),
  );
};
