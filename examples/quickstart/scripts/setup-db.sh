#!/usr/bin/env bash
# Stand-in for creating a database: uses the resource group from setup-rg and the parameters of
# db.parameters.json (DB_NAME, the secret DB_PASSWORD, the integer REPLICA_COUNT).
set -euo pipefail

: "${RESOURCE_GROUP_NAME:?setup-rg must run first}"
db=".local-cloud/${AZURE_ENV_NAME}/${RESOURCE_GROUP_NAME}/${DB_NAME}"
mkdir -p "${db}"
printf '%s\n' "${REPLICA_COUNT}" > "${db}/replicas.txt"
echo "Database ${DB_NAME} is ready with ${REPLICA_COUNT} replicas."

# The connection string holds the password: a securestring is passed on and masked, never saved to .env.
cat > scripts/outputs.json <<JSON
{
  "outputs": {
    "DATABASE_NAME": { "type": "string", "value": "${DB_NAME}" },
    "DATABASE_CONNECTION_STRING": {
      "type": "securestring",
      "value": "Server=localhost;Database=${DB_NAME};User Id=app;Password=${DB_PASSWORD}"
    }
  }
}
JSON
