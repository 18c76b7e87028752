#!/bin/sh
# Writes nginx's configuration for the site (docs/deploy/nginx.conf.template) to standard output:
#   SERVER_NAME=visitsyria.gov.sy CERTIFICATE=/etc/ssl/visit-syria.crt CERTIFICATE_KEY=/etc/ssl/visit-syria.key \
#   UPSTREAMS="10.0.0.11:3000 10.0.0.12:3000" sh docs/deploy/render-nginx.sh > /etc/nginx/conf.d/visit-syria.conf
# HTTP_PORT and HTTPS_PORT default to 80 and 443.
set -eu
: "${SERVER_NAME:?set SERVER_NAME}" "${CERTIFICATE:?set CERTIFICATE}" "${CERTIFICATE_KEY:?set CERTIFICATE_KEY}" "${UPSTREAMS:?set UPSTREAMS}"
HTTP_PORT="${HTTP_PORT:-80}"
HTTPS_PORT="${HTTPS_PORT:-443}"
# The redirect names the port only when it is not HTTPS's own.
suffix=""
[ "$HTTPS_PORT" = 443 ] || suffix=":${HTTPS_PORT}"
servers=""
for upstream in $UPSTREAMS; do
  # An instance that fails is left alone for 5 s before it is tried again.
  servers="${servers}    server ${upstream} max_fails=1 fail_timeout=5s;\\n"
done
sed -e "s|@UPSTREAM_SERVERS@|${servers}|" \
  -e "s|@SERVER_NAME@|${SERVER_NAME}|g" \
  -e "s|@CERTIFICATE@|${CERTIFICATE}|g" \
  -e "s|@CERTIFICATE_KEY@|${CERTIFICATE_KEY}|g" \
  -e "s|@HTTP_PORT@|${HTTP_PORT}|g" \
  -e "s|@HTTPS_PORT@|${HTTPS_PORT}|g" \
  -e "s|@HTTPS_PORT_SUFFIX@|${suffix}|g" \
  "$(dirname "$0")/nginx.conf.template"
