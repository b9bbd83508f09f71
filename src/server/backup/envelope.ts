// A backup file's envelope (decisions 025 and 040): a first line that says what it is and which
// version of the envelope, a JSON line (the kind of database, when, the size of what follows), then
// the payload.
// - `WASHDAY-BACKUP 1`: the payload as the database dumped it, with its SHA-256 in the JSON line.
// - `WASHDAY-BACKUP 2`: the payload encrypted with BACKUP_PASSPHRASE: a key drawn from it by scrypt
//   (its cost and salt in the JSON line, with a check value that tells a wrong passphrase from a
//   damaged file), AES-256-GCM with a fresh nonce and the first two lines as associated data (so the
//   header cannot be changed either), its 16-byte tag after the ciphertext.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

export type BackupKind = 'pglite' | 'postgres';

type Encryption = { cipher: 'aes-256-gcm'; kdf: 'scrypt'; N: number; r: number; p: number; salt: string; iv: string; check: string };

export type BackupMeta = {
  kind: BackupKind;
  createdAt: string;
  /** The size of what follows the header: the payload, or its ciphertext and tag. */
  bytes: number;
  /** The payload's SHA-256 (a plain backup; an encrypted one is authenticated by its tag). */
  sha256?: string;
  encryption?: Encryption;
};

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const plainMagic = Buffer.from('WASHDAY-BACKUP 1\n');
const sealedMagic = Buffer.from('WASHDAY-BACKUP 2\n');
// 32 MiB of memory and about 0.1 s for each backup; a file names its own cost, up to four times
// this one's memory (a file is read before anything proves who made it)
const cost = { N: 2 ** 15, r: 8, p: 1 };
const maxmem = 256 * 2 ** 20;
const tagBytes = 16;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const keyCheck = (key: Buffer) => createHmac('sha256', key).update('washday-backup key check').digest().subarray(0, 16);

/** The bytes of a backup file: its header, then the payload, encrypted when there is a passphrase. */
export async function sealBackup(payload: Buffer, about: { kind: BackupKind; createdAt: string }, passphrase: string | null): Promise<Buffer> {
  if (!passphrase) {
    const meta: BackupMeta = { ...about, bytes: payload.length, sha256: sha256(payload) };
    return Buffer.concat([plainMagic, Buffer.from(`${JSON.stringify(meta)}\n`), payload]);
  }
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await new Promise<Buffer>((resolve, reject) => scrypt(passphrase, salt, 32, { ...cost, maxmem }, (err, k) => (err ? reject(err) : resolve(k))));
  const encryption: Encryption = { cipher: 'aes-256-gcm', kdf: 'scrypt', ...cost, salt: salt.toString('base64'), iv: iv.toString('base64'), check: keyCheck(key).toString('base64') };
  const meta: BackupMeta = { ...about, bytes: payload.length + tagBytes, encryption };
  const header = Buffer.concat([sealedMagic, Buffer.from(`${JSON.stringify(meta)}\n`)]);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  return Buffer.concat([header, cipher.update(payload), cipher.final(), cipher.getAuthTag()]);
}

/** Reads and checks a backup file's bytes whole (`file` names it in the messages): what it is, and the database's bytes. */
export function openBackup(data: Buffer, file: string, passphrase: string | null): { meta: BackupMeta; payload: Buffer } {
  const sealed = data.subarray(0, sealedMagic.length).equals(sealedMagic);
  if (!sealed && !data.subarray(0, plainMagic.length).equals(plainMagic)) throw new BackupError(`${file} is not a Washday backup: nothing was changed.`);
  const end = data.indexOf(10, plainMagic.length);
  let meta: BackupMeta | null = null;
  try {
    if (end > 0) meta = JSON.parse(data.subarray(plainMagic.length, end).toString('utf8')) as BackupMeta;
  } catch {
    // told below
  }
  if (typeof meta !== 'object' || meta === null) throw new BackupError(`${file} is damaged (its header cannot be read): nothing was changed.`);
  const body = data.subarray(end + 1);
  if (body.length !== meta.bytes || (!sealed && sha256(body) !== meta.sha256))
    throw new BackupError(`${file} is damaged or incomplete (its ${sealed ? 'size' : 'checksum'} does not match): nothing was changed.`);
  if (meta.kind !== 'pglite' && meta.kind !== 'postgres') throw new BackupError(`${file} holds an unknown kind of database (${String(meta.kind)}): nothing was changed.`);
  if (!sealed) return { meta, payload: body };

  const e = meta.encryption;
  const salt = Buffer.from(e?.salt ?? '', 'base64');
  const iv = Buffer.from(e?.iv ?? '', 'base64');
  const check = Buffer.from(e?.check ?? '', 'base64');
  const within = (n: unknown, low: number, high: number) => Number.isInteger(n) && (n as number) >= low && (n as number) <= high;
  if (!e || e.cipher !== 'aes-256-gcm' || e.kdf !== 'scrypt' || !within(e.N, 2 ** 14, 2 ** 17) || (e.N & (e.N - 1)) !== 0 || !within(e.r, 1, 8) || !within(e.p, 1, 4) || salt.length !== 16 || iv.length !== 12 || check.length !== 16 || body.length < tagBytes)
    throw new BackupError(`${file} is damaged (its encryption header cannot be read): nothing was changed.`);
  if (!passphrase) throw new BackupError(`${file} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with. Nothing was changed.`);
  const key = scryptSync(passphrase, salt, 32, { N: e.N, r: e.r, p: e.p, maxmem });
  if (!timingSafeEqual(keyCheck(key), check)) throw new BackupError(`${file} was encrypted with another passphrase: BACKUP_PASSPHRASE does not open it. Nothing was changed.`);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(data.subarray(0, end + 1));
  decipher.setAuthTag(body.subarray(body.length - tagBytes));
  try {
    const payload = Buffer.concat([decipher.update(body.subarray(0, body.length - tagBytes)), decipher.final()]);
    return { meta, payload };
  } catch {
    throw new BackupError(`${file} is damaged or was altered (it fails its authentication): nothing was changed.`);
  }
}
