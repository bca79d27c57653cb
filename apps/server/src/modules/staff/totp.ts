import { generateSecret, generateURI, verify } from 'otplib';

/**
 * The staff second factor: TOTP (RFC 6238; SHA-1, 6 digits, 30 s steps — what every
 * authenticator app reads from a QR code), through otplib.
 */
export const TOTP_ISSUER = 'Ampere';
const STEP_S = 30;
/** One step either side of now: a phone's clock a little off, or a code typed at a step's end. */
const TOLERANCE_S = 30;

export const newTotpSecret = (): string => generateSecret();

export const otpauthUri = (username: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: username, secret });

/** The time step `code` is valid for at `at`, or undefined when it is not valid then. */
export async function totpStep(
  secret: string,
  code: string,
  at: Date,
): Promise<bigint | undefined> {
  const epoch = Math.floor(at.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_S });
  return result.valid ? BigInt(Math.floor(epoch / STEP_S) + result.delta) : undefined;
}
