#!/bin/sh
# with-postgresql.sh: runs a db test (its arguments) on the PostgreSQL backend: each store it
# makes is a new database on the server $SP_TEST_POSTGRESQL (postgresql://USER@HOST:PORT, no
# database), which build-aux/setup.sh test starts for the suite (build-aux/test-server.sh).
# Without a server the test is skipped, as TAP says it.
# SPDX-License-Identifier: GPL-3.0-or-later
if [ -z "${SP_TEST_POSTGRESQL:-}" ]; then
  echo "1..0 # SKIP no PostgreSQL server: set SP_TEST_POSTGRESQL (build-aux/setup.sh test starts one)"
  exit 0
fi
SP_TEST_BACKEND=postgresql exec "$@"
