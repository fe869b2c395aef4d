import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** base64url of bytes. */
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** WebAuthn flags: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software passkey for server tests: answers the JSON options our API hands out the way a
 * browser's authenticator does (packed "none" attestation, ES256 signatures over P-256), so tests
 * can add passkeys and prove them without a browser. The Playwright specs use Chromium's virtual
 * authenticator instead.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor(private readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  private rpIdHash(rpId: string): Buffer {
    return createHash('sha256').update(rpId).digest();
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private signCount(): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++this.counter);
    return count;
  }

  /** The browser's JSON answer to `passkeyRegistrationOptions` (what `addPasskey` takes as `response`). */
  register(optionsJson: string): string {
    const options = JSON.parse(optionsJson) as { challenge: string; rp: { id: string } };
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(options.rp.id),
      Buffer.from([UP | UV | AT]),
      this.signCount(),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return JSON.stringify({
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    });
  }

  /** The browser's JSON answer to sign-in or step-up passkey options (an assertion). */
  assert(optionsJson: string): string {
    const options = JSON.parse(optionsJson) as { challenge: string; rpId: string };
    const authData = Buffer.concat([this.rpIdHash(options.rpId), Buffer.from([UP | UV]), this.signCount()]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    return JSON.stringify({
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(sign('sha256', signed, this.privateKey)),
      },
      clientExtensionResults: {},
    });
  }
}
