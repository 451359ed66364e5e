#!/bin/sh
# Patroni's post_bootstrap: runs once, on the node that initialised the cluster, with a
# superuser connection string as $1. Creates the role and database of the services'
# DATABASE_URL (the password from POSTGRES_PASSWORD, as a bound psql variable, never logged).
# The replicas copy them with the rest of the cluster. A cluster bootstrapped from a backup
# (docs/operations.md "Backups and restore") has both already: each is created only where it is
# missing, and a restored role keeps the password it had in the backup.
set -eu
psql "$1" -v ON_ERROR_STOP=1 -q -v pw="$POSTGRES_PASSWORD" <<'SQL'
SELECT format('CREATE ROLE langlearn LOGIN PASSWORD %L', :'pw')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'langlearn') \gexec
SELECT 'CREATE DATABASE langlearn OWNER langlearn'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'langlearn') \gexec
SQL
