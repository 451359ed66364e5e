#!/bin/sh
# Patroni's post_bootstrap: runs once, on the node that initialised the cluster, with a
# superuser connection string as $1. Creates the role and database of the services'
# DATABASE_URL (the password from POSTGRES_PASSWORD, as a bound psql variable, never logged).
# The replicas copy them with the rest of the cluster.
set -eu
psql "$1" -v ON_ERROR_STOP=1 -q -v pw="$POSTGRES_PASSWORD" <<'SQL'
CREATE ROLE langlearn LOGIN PASSWORD :'pw';
CREATE DATABASE langlearn OWNER langlearn;
SQL
