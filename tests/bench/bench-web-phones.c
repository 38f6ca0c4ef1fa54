/* bench-web-phones.c: a hall of phones for the benchmarks (bench-web-phones.h), on libsoup's
 * client: here, apart from the ui's benchmark, as only the web layer's code uses libsoup.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "bench-web-phones.h"

#include <libsoup/soup.h>
#include <stdio.h>
#include <string.h>

typedef struct _BenchPhones Hall;

typedef struct
{
  Hall        *hall;
  guint        index;
  SoupSession *session;
  char        *etag;
  gboolean     busy;
} Phone;

struct _BenchPhones
{
  char         *base;      /* "http://127.0.0.1:PORT" */
  GMainContext *context;
  guint         n_phones;
  guint         poll_ms;
  Phone        *phones;
  GThread      *thread;
  gint          stop;
  guint         polls, not_modified, changed, pages, errors;
  GHashTable   *versions;  /* the ETags seen */
};

static void
page_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Phone *phone = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) body = soup_session_send_and_read_finish (SOUP_SESSION (source), result,
                                                              &error);
  SoupMessage *msg = soup_session_get_async_result_message (SOUP_SESSION (source), result);

  if (body == NULL || soup_message_get_status (msg) != SOUP_STATUS_OK)
    phone->hall->errors++;
  else
    phone->hall->pages++;
  phone->busy = FALSE;
}

/* The page the phone shows: the standings for some, the sessions for others, their own page
 * for the rest (as the seat cards' QR codes send them). */
static char *
page_of (Phone *phone)
{
  switch (phone->index % 3)
    {
    case 0:
      return g_strdup ("/standings");
    case 1:
      return g_strdup ("/");
    default:
      return g_strdup_printf ("/players/%u", phone->index + 1);
    }
}

static void
polled_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  Phone *phone = data;
  Hall *hall = phone->hall;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) body = soup_session_send_and_read_finish (SOUP_SESSION (source), result,
                                                              &error);
  SoupMessage *msg = soup_session_get_async_result_message (SOUP_SESSION (source), result);
  guint status = body != NULL ? soup_message_get_status (msg) : 0;
  const char *etag;

  if (status == SOUP_STATUS_NOT_MODIFIED)
    {
      hall->not_modified++;
      phone->busy = FALSE;
      return;
    }
  if (status != SOUP_STATUS_OK)
    {
      hall->errors++;
      phone->busy = FALSE;
      return;
    }
  etag = soup_message_headers_get_one (soup_message_get_response_headers (msg), "ETag");
  g_hash_table_add (hall->versions, g_strdup (etag != NULL ? etag : ""));
  if (phone->etag != NULL && g_strcmp0 (phone->etag, etag) != 0)
    {
      g_autofree char *path = page_of (phone);
      g_autofree char *url = g_strconcat (hall->base, path, NULL);
      g_autoptr(SoupMessage) page = soup_message_new ("GET", url);

      hall->changed++;
      g_free (phone->etag);
      phone->etag = g_strdup (etag);
      soup_session_send_and_read_async (phone->session, page, G_PRIORITY_DEFAULT, NULL,
                                        page_cb, phone);
      return;
    }
  g_free (phone->etag);
  phone->etag = g_strdup (etag);
  phone->busy = FALSE;
}

static gboolean
poll_cb (gpointer data)
{
  Phone *phone = data;
  g_autofree char *url = NULL;
  g_autoptr(SoupMessage) msg = NULL;

  if (phone->busy)
    return G_SOURCE_CONTINUE; /* the last poll not answered yet: skipped, as a phone does */
  url = g_strconcat (phone->hall->base, "/api/version", NULL);
  msg = soup_message_new ("GET", url);
  if (phone->etag != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "If-None-Match",
                                  phone->etag);
  phone->busy = TRUE;
  phone->hall->polls++;
  soup_session_send_and_read_async (phone->session, msg, G_PRIORITY_DEFAULT, NULL, polled_cb,
                                    phone);
  return G_SOURCE_CONTINUE;
}

static gboolean
first_poll_cb (gpointer data)
{
  Phone *phone = data;
  GSource *source = g_timeout_source_new (phone->hall->poll_ms);

  poll_cb (phone);
  g_source_set_callback (source, poll_cb, phone, NULL);
  g_source_attach (source, phone->hall->context);
  g_source_unref (source);
  return G_SOURCE_REMOVE;
}

static gpointer
hall_thread (gpointer data)
{
  Hall *hall = data;

  g_main_context_push_thread_default (hall->context);
  for (guint i = 0; i < hall->n_phones; i++)
    {
      Phone *phone = &hall->phones[i];
      /* The phones spread over the poll interval, as phones arriving at their own times. */
      GSource *source = g_timeout_source_new (i * hall->poll_ms / hall->n_phones);

      phone->hall = hall;
      phone->index = i;
      phone->session = soup_session_new_with_options ("max-conns", 1, "max-conns-per-host", 1,
                                                      "timeout", 30, NULL);
      g_source_set_callback (source, first_poll_cb, phone, NULL);
      g_source_attach (source, hall->context);
      g_source_unref (source);
    }
  while (!g_atomic_int_get (&hall->stop))
    g_main_context_iteration (hall->context, TRUE);
  for (guint i = 0; i < hall->n_phones; i++)
    {
      soup_session_abort (hall->phones[i].session);
      g_clear_object (&hall->phones[i].session);
      g_clear_pointer (&hall->phones[i].etag, g_free);
    }
  g_main_context_pop_thread_default (hall->context);
  return NULL;
}

BenchPhones *
bench_phones_start (const char *url,
                    guint       n_phones,
                    guint       poll_ms)
{
  Hall *hall = g_new0 (Hall, 1);

  hall->base = g_strndup (url, strlen (url) - 1);
  hall->n_phones = n_phones;
  hall->poll_ms = poll_ms;
  hall->phones = g_new0 (Phone, n_phones);
  hall->context = g_main_context_new ();
  hall->versions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  hall->thread = g_thread_new ("phones", hall_thread, hall);
  return hall;
}

void
bench_phones_stop (BenchPhones *hall)
{
  g_atomic_int_set (&hall->stop, 1);
  g_main_context_wakeup (hall->context);
  g_thread_join (hall->thread);
  printf ("  phones: %u polls, %u not modified, %u new versions, %u pages loaded, %u errors, "
          "%u versions seen\n", hall->polls, hall->not_modified, hall->changed, hall->pages,
          hall->errors, g_hash_table_size (hall->versions));
  g_main_context_unref (hall->context);
  g_hash_table_unref (hall->versions);
  g_free (hall->phones);
  g_free (hall->base);
  g_free (hall);
}
