// libcurl as Swift can see it. curl_easy_setopt and curl_easy_getinfo are variadic, so
// Swift cannot call them: one typed wrapper per argument type. Macros that are not plain
// literals get a wrapper too. No logic lives here.
#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>

static inline long CCurl_CURL_GLOBAL_DEFAULT(void) { return CURL_GLOBAL_DEFAULT; }
static inline long CCurl_CURLAUTH_BEARER(void) { return (long)CURLAUTH_BEARER; }

static inline CURLcode CCurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CCurl_easy_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CCurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
