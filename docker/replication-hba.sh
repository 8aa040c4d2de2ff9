#!/bin/sh
# Run once by the postgres image at its first start (docker-entrypoint-initdb.d): "all" in pg_hba.conf does not
# cover replication connections, so the standby of the replica profile gets its own line (password required).
echo 'host replication all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
