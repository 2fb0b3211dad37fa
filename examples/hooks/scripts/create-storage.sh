#!/usr/bin/env bash
# Creates a stand-in storage account and tells azd about it, as an azd template's preprovision hook would.
set -euo pipefail

account="st${AZURE_ENV_NAME//[^a-z0-9]/}hooks"
mkdir -p ".local-cloud/${AZURE_ENV_NAME}/${account}"
echo "Storage account ${account} is ready."

# Each key set here becomes an output of this script (a step output in CI) and is recorded for `state` and `down`.
azd env set AZURE_STORAGE_ACCOUNT "${account}"
azd env set AZURE_STORAGE_CONTAINER=uploads AZURE_STORAGE_SKU=Standard_LRS
