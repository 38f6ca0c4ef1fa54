/* sp-test-server.h: what the tests of a hall station share about the test's PostgreSQL server
 * ($SP_TEST_POSTGRESQL, postgresql://USER@HOST:PORT of a superuser, and psql) and about a
 * server that never answers.  Header-only, like sp-test-db.h, which it builds on.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "sp-test-db.h"

/* The test server's URI, or NULL when there is none to test against (no URI, or no psql). */
static inline const char *
sp_test_server (void)
{
  const char *uri = g_getenv ("SP_TEST_POSTGRESQL");
  g_autofree char *psql = NULL;

  if (uri == NULL || uri[0] == '\0' || (psql = g_find_program_in_path ("psql")) == NULL)
    return NULL;
  return uri;
}

/* Runs @sql with psql on the database @database of the test server (the server's own
 * "postgres" for NULL); its output, trimmed. */
static inline char *
sp_test_psql (const char *database,
              const char *sql)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_strconcat (sp_test_server (), "/",
                                      database != NULL ? database : "postgres", NULL);
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;
  const char *argv[] = { "psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", uri,
                         "-c", sql, NULL };

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("psql %s: %s", sql, err);
  return g_strstrip (out);
}

/* postgresql://USER@HOST:PORT/DATABASE of the test server, as @user (NULL: its own). */
static inline char *
sp_test_server_location_as (const char *user,
                            const char *database)
{
  const char *uri = sp_test_server ();
  const char *at = strchr (uri + strlen ("postgresql://"), '@');
  const char *host = at != NULL ? at + 1 : uri + strlen ("postgresql://");

  if (user == NULL)
    return g_strconcat (uri, "/", database, NULL);
  return g_strdup_printf ("postgresql://%s@%s/%s", user, host, database);
}

/* A listening socket on loopback that accepts nobody and answers nothing: the kernel completes
 * the handshake, then the client waits for a server that never speaks.  Its port. */
static inline int
sp_test_silent_server (int *port)
{
  struct sockaddr_in address = { .sin_family = AF_INET,
                                 .sin_addr.s_addr = htonl (INADDR_LOOPBACK) };
  socklen_t length = sizeof address;
  int fd = socket (AF_INET, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &address, sizeof address), ==, 0);
  g_assert_cmpint (listen (fd, 8), ==, 0);
  g_assert_cmpint (getsockname (fd, (struct sockaddr *) &address, &length), ==, 0);
  *port = ntohs (address.sin_port);
  return fd;
}
