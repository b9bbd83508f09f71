// `npm run doctor`: checks this installation's configuration and services, in plain words, without
// printing a secret (src/server/doctor/doctor.ts). Exit 1 when something is wrong.
import { ConfigError, loadConfig } from '../src/server/config';
import { runChecks } from '../src/server/doctor/doctor';

const marks = { ok: 'ok  ', warn: 'note', fail: 'FAIL' } as const;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.log(`FAIL configuration: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  // the raw environment too: which Twilio variables were given, when not all three were
  const findings = await runChecks(config, process.env);
  for (const f of findings) console.log(`${marks[f.level]} ${f.check}: ${f.message}`);
  const failed = findings.filter((f) => f.level === 'fail').length;
  console.log(failed ? `\n${failed} problem${failed === 1 ? '' : 's'} to fix (docs/deploy.md).` : '\nNothing to fix.');
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
