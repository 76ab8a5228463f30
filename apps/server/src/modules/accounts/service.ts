import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  paths,
  personalWords,
  type Locale,
  type LoginRequest,
  type ProfileResponse,
  type RegisterRequest,
  type TokenResponse,
  type UpdateBillingRequest,
  type UpdateProfileRequest,
  type AccountSession,
} from '@pictura/contract';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import type { MailOutbox } from '../mail/index.js';
import type { AccessTokens } from './access-tokens.js';
import type { BackgroundTasks } from '../../lib/index.js';
import { recordAccountEvent } from './account-events.js';
import { passwordChangedMail } from './mails.js';
import { isStrongPassword, verifyPassword, type PasswordHasher } from './passwords.js';
import { users, type User } from './schema.js';
import {
  activeSession,
  endSessionOfToken,
  endUserSessions,
  rotateRefreshToken,
  startSession,
} from './sessions.js';
import { endSession, listSessions } from './session-list.js';
import type { SessionStrength, SignInMethod } from './sign-in-methods.js';
import { passwordSignInSecondStep } from './second-step.js';
import type { TwoStepKeys } from './totp.js';
import { emailStatus, sendVerificationLink } from './verification-links.js';

export interface AccountsDeps {
  readonly db: Db;
  readonly config: Pick<AppConfig, 'nodeEnv' | 'publicUrl'>;
  readonly outbox: MailOutbox;
  readonly accessTokens: AccessTokens;
  /** Keys the reset-code hashes. */
  readonly resetCodeKey: Uint8Array;
  readonly twoStepKeys: TwoStepKeys;
  readonly log: FastifyBaseLogger;
  readonly tasks: BackgroundTasks;
  readonly passwords: PasswordHasher;
}

/** Who a request is from: set by `requireUser`. */
export interface AuthenticatedUser {
  readonly id: string;
  /** The login (refresh-token family) the access token belongs to. */
  readonly sessionId: string;
  /** How and when that login signed in, and its last re-authentication. */
  readonly session: SessionStrength;
}

export const unauthorized = (): AppError => new AppError('UNAUTHORIZED');

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** The signed-in user's row; a user deleted since the token was issued is no longer signed in. */
export async function getSignedInUser(db: Db, userId: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  return user;
}

/** A field message when the password is too easy to guess for this user. */
export function passwordStrengthIssue(
  password: string,
  email: string,
  ...names: (string | null)[]
): Record<string, string> {
  return isStrongPassword(password, personalWords(email, ...names))
    ? {}
    : { password: ACCOUNT_MESSAGES.passwordTooWeak };
}

/** Queues the mail telling the owner that the password changed, in the change's transaction. */
export async function queuePasswordChangedMail(
  tx: Db,
  deps: Pick<AccountsDeps, 'config' | 'outbox'>,
  user: Pick<User, 'email' | 'locale'>,
): Promise<void> {
  const resetLink = `${deps.config.publicUrl}${paths.forgotPassword}`;
  await deps.outbox.enqueue(tx, {
    kind: 'passwordChanged',
    to: user.email,
    ...passwordChangedMail(user.locale, { resetLink }),
  });
}

const toProfile = async (db: Db, user: User): Promise<ProfileResponse> => ({
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  country: user.country,
  city: user.city,
  address1: user.address1,
  state: user.state,
  zipCode: user.zipCode,
  currency: user.currency,
  isAdmin: user.role === 'admin',
  ...(await emailStatus(db, user)),
});

/** Sign-up, login, sessions and profile. */
export function createAccountsService(deps: AccountsDeps) {
  const { db, accessTokens, passwords } = deps;

  async function issueTokens(
    userId: string,
    signInMethod: SignInMethod,
    userAgent?: string,
  ): Promise<TokenResponse> {
    const session = await startSession(db, userId, signInMethod, new Date(), userAgent);
    const accessToken = await accessTokens.sign({ userId, sessionId: session.sessionId });
    return { accessToken, refreshToken: session.refreshToken };
  }

  async function updateUser(userId: string, values: Partial<User>): Promise<ProfileResponse> {
    const [user] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
    if (!user) throw unauthorized();
    return toProfile(db, user);
  }

  return {
    /**
     * Creates the account and signs the user in at once; the address's verification link is mailed
     * in the same transaction (money waits for it: verification-links.ts).
     */
    async register(
      input: RegisterRequest,
      locale: Locale,
      userAgent?: string,
    ): Promise<TokenResponse> {
      const issues: Record<string, string> = passwordStrengthIssue(input.password, input.email);
      if (await findUserByEmail(db, input.email)) issues.email = ACCOUNT_MESSAGES.emailTaken;
      if (Object.keys(issues).length > 0) throw new AppError('VALIDATION', issues);

      const passwordHash = await passwords.hash(input.password);
      const user = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ email: input.email, passwordHash, locale })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id, locale: users.locale });
        if (created) await sendVerificationLink(tx, deps, created, input.email, 'signUp');
        return created;
      });
      // Someone registered the same email between the check and the insert.
      if (!user) throw new AppError('VALIDATION', { email: ACCOUNT_MESSAGES.emailTaken });
      return issueTokens(user.id, 'pwd', userAgent);
    },

    /**
     * One answer for an unknown email and a wrong password, after the same argon2 work. An account
     * with a second factor (two-step sign-in or a passkey) must present it: the right password alone
     * is answered with a request for it (second-step.ts), and the session records which was proved.
     */
    async login(input: LoginRequest, userAgent?: string): Promise<TokenResponse> {
      const user = await findUserByEmail(db, input.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await passwords.verifyAgainstDummy(input.password);
      // The owner sees the failed attempt in the account's events; an unknown email has no owner.
      if (user && !valid) await recordAccountEvent(db, user.id, 'signInFailed');
      if (!user || !valid)
        throw AppError.general('VALIDATION', ACCOUNT_MESSAGES.invalidCredentials);
      const method = await passwordSignInSecondStep(deps, user.id, input, new Date());
      return issueTokens(user.id, method, userAgent);
    },

    async refresh(refreshToken: string): Promise<TokenResponse> {
      const result = await rotateRefreshToken(db, refreshToken, new Date());
      if (result.kind === 'reused') {
        deps.log.warn('a rotated refresh token was presented again: its session is revoked');
      }
      if (result.kind !== 'rotated') throw unauthorized();
      const { userId, sessionId, refreshToken: next } = result.session;
      return { accessToken: await accessTokens.sign({ userId, sessionId }), refreshToken: next };
    },

    async logout(refreshToken: string): Promise<void> {
      await endSessionOfToken(db, refreshToken, new Date());
    },

    async logoutEverywhere(user: AuthenticatedUser): Promise<void> {
      await db.transaction(async (tx) => {
        await endUserSessions(tx, user.id, 'logout-all', new Date());
        await recordAccountEvent(tx, user.id, 'sessionsEnded');
      });
    },

    sessions: (user: AuthenticatedUser): Promise<AccountSession[]> =>
      listSessions(db, user.id, user.sessionId, new Date()),

    /** 404 for a session that is not the user's or no longer stands. */
    async endSession(user: AuthenticatedUser, sessionId: string): Promise<void> {
      const ended = await db.transaction(async (tx) => {
        if (!(await endSession(tx, user.id, sessionId, new Date()))) return false;
        await recordAccountEvent(tx, user.id, 'sessionsEnded');
        return true;
      });
      if (!ended) throw new AppError('NOT_FOUND');
    },

    async endOtherSessions(user: AuthenticatedUser): Promise<void> {
      await db.transaction(async (tx) => {
        await endUserSessions(tx, user.id, 'logout-all', new Date(), user.sessionId);
        await recordAccountEvent(tx, user.id, 'sessionsEnded');
      });
    },

    /** The user of a `Bearer` access token whose session still stands; 401 otherwise. */
    async authenticate(authorization: string | undefined): Promise<AuthenticatedUser> {
      const token = /^Bearer +([A-Za-z0-9_.~+/-]+=*) *$/i.exec(authorization ?? '')?.[1];
      const claims = token === undefined ? null : await accessTokens.verify(token);
      const session =
        claims && (await activeSession(db, claims.userId, claims.sessionId, new Date()));
      if (!claims || !session) throw unauthorized();
      return { id: claims.userId, sessionId: claims.sessionId, session };
    },

    async profile(user: AuthenticatedUser): Promise<ProfileResponse> {
      return toProfile(db, await getSignedInUser(db, user.id));
    },

    updateProfile: (user: AuthenticatedUser, input: UpdateProfileRequest) =>
      updateUser(user.id, input),

    // A billing address without a state clears the one stored before.
    updateBilling: (user: AuthenticatedUser, input: UpdateBillingRequest) =>
      updateUser(user.id, { ...input, state: input.state ?? null }),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
