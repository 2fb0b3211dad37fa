#!/usr/bin/env bash
# Removes the stand-in storage account named in the environment.
set -euo pipefail

account="$(azd env get-value AZURE_STORAGE_ACCOUNT)"
rm -rf ".local-cloud/${AZURE_ENV_NAME}/${account}"
echo "Storage account ${account} deleted."
