/* What mail_send.c and mail_poll.c, the network plugin, share of libcurl. */
#ifndef WJ_MAIL_CURL_H
#define WJ_MAIL_CURL_H

#include <curl/curl.h>

/* TLS for a connection: 0 none, 1 STARTTLS if offered, 2 TLS required;
 * the server's certificate is always verified (libcurl's default), and
 * `ca_file`, when set, names the CAs it must chain to (tls_ca_file). */
void wj_curl_tls(CURL *h, int tls, const char *ca_file);
/* What to add to libcurl's message when a transfer failed with `rc`:
 * the remedy for an untrusted certificate, else "". */
const char *wj_curl_tls_hint(CURLcode rc);

#endif
