#!/usr/bin/env bash
# Stand-in for `az group create`: a folder under .local-cloud/ plays the resource group.
set -euo pipefail

rg="rg-quickstart-${AZURE_ENV_NAME}"
cloud=".local-cloud/${AZURE_ENV_NAME}"
mkdir -p "${cloud}/${rg}"
printf 'location=%s\n' "${AZURE_LOCATION}" > "${cloud}/${rg}/resource-group.txt"
echo "Resource group ${rg} is ready in ${AZURE_LOCATION}."

# Outputs for later scripts and for the azd environment.
cat > scripts/outputs.json <<JSON
{
  "outputs": {
    "RESOURCE_GROUP_NAME": { "type": "string", "value": "${rg}" }
  }
}
JSON
