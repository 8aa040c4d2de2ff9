// The mechanics (one connection, READ ONLY, SET LOCAL statement_timeout) live with the other SQL in libs/db.
export { ReadTransaction } from '@ratings/db';
