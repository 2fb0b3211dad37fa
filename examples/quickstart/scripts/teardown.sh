#!/usr/bin/env bash
# Stand-in for `az group delete`: removes the resource group folder that setup-rg created.
# RESOURCE_GROUP_NAME comes from the azd environment, where provision saved it.
set -euo pipefail

rg="${RESOURCE_GROUP_NAME:-rg-quickstart-${AZURE_ENV_NAME}}"
rm -rf ".local-cloud/${AZURE_ENV_NAME}/${rg}"
if [ "${AZD_PURGE:-false}" = "true" ]; then
  rm -rf ".local-cloud/${AZURE_ENV_NAME}"
  echo "Resource group ${rg} deleted and purged."
else
  echo "Resource group ${rg} deleted."
fi
rm -f scripts/outputs.json
