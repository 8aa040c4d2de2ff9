import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  ROLE_PERMISSIONS,
  createStaffUser,
  type StaffRole,
} from '@ratings/core';
import { CliError, UsageError, choiceOption, defineCommand } from '../command';
import { withDatabase } from '../database';
import type { CliIo } from '../io';

const ROLES = Object.keys(ROLE_PERMISSIONS) as StaffRole[];

export const createStaffCommand = defineCommand({
  name: 'create-staff',
  summary: 'create a staff account (administrator, rating officer or arbiter)',
  description: [
    `Creates a staff account for the staff site and API: ${ROLES.map((role) => `${role} (${ROLE_PERMISSIONS[role].join(', ')})`).join('; ')}.`,
    'The first administrator of a new deployment is created this way. The password is never read from the',
    'command line (it would stay in the shell history): pipe it in with --password-stdin, or run the command',
    `in a terminal to be asked for it twice without echo. It must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
  ],
  positionals: [],
  options: {
    email: { type: 'string', value: '<address>', description: 'sign-in e-mail (stored lowercased)', required: true },
    name: { type: 'string', value: '<display name>', description: 'name shown on the staff site', required: true },
    role: { type: 'string', value: `<${ROLES.join('|')}>`, description: 'what the account may do', required: true },
    'password-stdin': { type: 'boolean', description: 'read the password from standard input (one line)' },
  },
  examples: [
    'ratings create-staff --email admin@example.org --name "Marie Roy" --role ADMIN',
    'printf %s "$PASSWORD" | ratings create-staff --email officer@example.org --name "Luc Tremblay" --role RATING_OFFICER --password-stdin',
  ],
  async run({ options }, ctx) {
    const role = choiceOption('role', options.role, ROLES);
    const password = options['password-stdin']
      ? await readPasswordLine(ctx.io)
      : await promptNewPassword(ctx.io, options.email);
    await withDatabase(ctx.database, {}, async (db) => {
      const user = await createStaffUser(
        db.dataSource,
        { email: options.email, displayName: options.name, role, password },
        ctx.actor,
      );
      ctx.io.stdout.write(`Created staff account ${user.id}: ${user.email} (${user.displayName}), ${user.role}.\n`);
    });
  },
});

/** Standard input up to its end, less the line break `echo` adds. */
async function readPasswordLine(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const text = Buffer.concat(chunks).toString('utf8');
  const password = text.replace(/\r?\n$/, '');
  if (password.includes('\n')) throw new CliError('--password-stdin reads one line: standard input has several');
  return password;
}

async function promptNewPassword(io: CliIo, email: string): Promise<string> {
  if (!io.stdin.isTTY || typeof io.stdin.setRawMode !== 'function') {
    throw new UsageError(
      'no password: pipe it in with --password-stdin, or run the command in a terminal to be asked for it',
    );
  }
  const password = await promptHidden(
    io,
    `Password for ${email} (${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters): `,
  );
  const again = await promptHidden(io, 'The same password again: ');
  if (password !== again) throw new CliError('the two passwords differ: nothing was created');
  return password;
}

const ENTER = /[\r\n]/;
const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = /[\u0008\u007f]/;

/** Reads one line from a terminal in raw mode, so the characters typed are not echoed. */
export function promptHidden(io: CliIo, question: string): Promise<string> {
  const input = io.stdin;
  io.stderr.write(question);
  input.setRawMode?.(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    const typed: string[] = [];
    const finish = () => {
      input.off('data', onData);
      input.setRawMode?.(false);
      input.pause();
      io.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (ENTER.test(char)) {
          finish();
          resolve(typed.join(''));
          return;
        }
        if (char === CTRL_C || char === CTRL_D) {
          finish();
          reject(new CliError('cancelled: nothing was created'));
          return;
        }
        if (BACKSPACE.test(char)) typed.pop();
        else typed.push(char);
      }
    };
    input.on('data', onData);
  });
}
