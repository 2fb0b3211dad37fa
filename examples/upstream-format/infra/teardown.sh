#!/usr/bin/env bash
# Stand-in for `az group delete`.
set -euo pipefail
rm -rf ".local-cloud/${AZURE_ENV_NAME}/${RESOURCE_GROUP}"
echo "Resource group ${RESOURCE_GROUP} deleted."
