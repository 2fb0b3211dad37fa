#!/usr/bin/env bash
# Stand-in for configuring an app: receives the outputs of both earlier scripts as environment variables.
set -euo pipefail

: "${RESOURCE_GROUP_NAME:?setup-rg must run first}"
: "${DATABASE_CONNECTION_STRING:?setup-db must run first}"
app=".local-cloud/${AZURE_ENV_NAME}/${RESOURCE_GROUP_NAME}/app-quickstart"
mkdir -p "${app}"
printf 'database=%s\n' "${DATABASE_NAME}" > "${app}/settings.txt"
echo "App configured against database ${DATABASE_NAME}."

cat > scripts/outputs.json <<JSON
{
  "outputs": {
    "APP_URL": { "type": "string", "value": "http://localhost:8080/${AZURE_ENV_NAME}" },
    "APP_REPLICAS": { "type": "int", "value": ${REPLICA_COUNT} }
  }
}
JSON
