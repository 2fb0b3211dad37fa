# Windows variant (the entry's windows: override selects it there).
$ErrorActionPreference = 'Stop'
$cloud = ".local-cloud/$env:AZURE_ENV_NAME/$env:RESOURCE_GROUP_NAME/$env:APP_NAME"
New-Item -ItemType Directory -Force -Path $cloud | Out-Null
Set-Content -Path "$cloud/app.txt" -Value "platform=$env:PLATFORM"
Write-Output "App $env:APP_NAME configured on $env:PLATFORM."
$outputs = @{ APP_URL = @{ type = 'string'; value = "https://$env:APP_NAME.local" } }
$outputs | ConvertTo-Json -Depth 4 | Set-Content -Path (Join-Path $PSScriptRoot 'outputs.json')
