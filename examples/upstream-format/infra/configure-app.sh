#!/bin/sh
# POSIX sh: runs under bash or sh. Sees the earlier script's outputs and its own env map.
set -eu

cloud=".local-cloud/${AZURE_ENV_NAME}/${RESOURCE_GROUP_NAME}"
mkdir -p "${cloud}/${APP_NAME}"
printf 'platform=%s\n' "${PLATFORM}" > "${cloud}/${APP_NAME}/app.txt"
if [ -n "${DATABASE_URL:-}" ]; then echo "database connection string received"; fi
echo "App ${APP_NAME} configured on ${PLATFORM}."

cat > "$(dirname "$0")/outputs.json" <<JSON
{ "APP_URL": { "type": "string", "value": "https://${APP_NAME}.local" } }
JSON
