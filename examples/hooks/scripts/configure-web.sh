#!/usr/bin/env bash
# Reads what the first script stored, as a postprovision hook would, and adds the web app's URL.
set -euo pipefail

account="$(azd env get-value AZURE_STORAGE_ACCOUNT)"
echo "Configuring the web app against ${account}."

# Load every value into this shell, the way many azd templates' hooks do.
while IFS='=' read -r key value; do
  value="${value#\"}"
  export "${key}=${value%\"}"
done <<VALUES
$(azd env get-values)
VALUES
echo "Container: ${AZURE_STORAGE_CONTAINER} (${AZURE_STORAGE_SKU})"

azd env set SERVICE_WEB_URI "http://localhost:8080/${AZURE_ENV_NAME}"
