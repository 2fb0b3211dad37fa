#!/usr/bin/env bash
# Stand-in for `az group create` and a database: folders under .local-cloud/ play the resources.
set -euo pipefail

cloud=".local-cloud/${AZURE_ENV_NAME}/${RESOURCE_GROUP}"
mkdir -p "${cloud}"
printf 'location=%s\ncapacity=%s\nlogs=%s\ntags=%s\n' "${location}" "${skuCapacity}" "${enableLogs}" "${TAGS}" \
  > "${cloud}/resource-group.txt"
# The password reaches the "database" only; it is masked in every log and never written to .env.
printf '%s' "${ADMIN_PASSWORD}" | sha256sum | cut -c1-16 > "${cloud}/db-password.hash"
echo "Resource group ${RESOURCE_GROUP} is ready in ${location}."

# Flat outputs.json next to the script, as the upstream extension reads it.
cat > "$(dirname "$0")/outputs.json" <<JSON
{
  "RESOURCE_GROUP_NAME": { "type": "string", "value": "${RESOURCE_GROUP}" },
  "DATABASE_URL": { "type": "securestring", "value": "postgres://admin:${ADMIN_PASSWORD}@db.${RESOURCE_GROUP}.local" }
}
JSON
