import http from 'node:http';
import { Pool } from 'pg';

/**
 * The floor of the API benchmark: the same rankings read as the GraphQL `rankings` query (top 100 of a
 * category of the current list, with player fields) served by node:http and pg, nothing else.
 */
const SQL = `
  SELECT e.rank, e.rating, e.provisional, e.category_code AS category, p.id, p.surname, p.given_name AS "givenName", p.federation
  FROM rating_list_entries e JOIN players p ON p.id = e.player_id
  WHERE e.list_id = (SELECT l.id FROM rating_lists l JOIN pools o ON o.id = l.pool_id
                     WHERE o.code = $1 AND l.status = 'PUBLISHED' ORDER BY l.effective_date DESC, l.revision DESC LIMIT 1)
    AND e.category_code = $2 AND e.rank IS NOT NULL
  ORDER BY e.rating DESC NULLS LAST, e.player_id
  LIMIT 100`;

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  pool
    .query(SQL, [url.searchParams.get('pool'), url.searchParams.get('category')])
    .then(({ rows }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { rankings: rows } }));
    })
    .catch((error: Error) => {
      res.writeHead(500);
      res.end(error.message);
    });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
