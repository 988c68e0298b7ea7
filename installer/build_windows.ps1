# Build the Windows application with PyInstaller, smoke-test it, and make
#   dist\TournamentManager-<version>-setup.exe            (per-user NSIS installer)
#   dist\TournamentManager-<version>-windows-portable.zip (the folder, for a USB stick)
#
# usage (PowerShell, from anywhere):
#   powershell -ExecutionPolicy Bypass -File installer\build_windows.ps1 [-Python py] [-NoInstaller]
#
#   -Python       the interpreter to build with; default: .venv-build\Scripts\python.exe,
#                 created with `py -3.11` and the package's `build` extra when missing
#   -NoInstaller  skip the NSIS installer (no makensis needed)
# Needs NSIS 3 (makensis on PATH or in "Program Files (x86)\NSIS"), for instance
# `winget install NSIS.NSIS` or `choco install nsis`.
param(
    [string]$Python = "",
    [string]$Dist = "",
    [string]$Work = "",
    [switch]$NoInstaller
)
$ErrorActionPreference = "Stop"
$Root = Split-Path -Parent $PSScriptRoot
if (-not $Dist) { $Dist = Join-Path $Root "dist" }
if (-not $Work) { $Work = Join-Path $Root "build" }
New-Item -ItemType Directory -Force -Path $Dist, $Work | Out-Null
$Dist = (Resolve-Path $Dist).Path
$Work = (Resolve-Path $Work).Path

if (-not $Python) {
    $Python = Join-Path $Root ".venv-build\Scripts\python.exe"
    if (-not (Test-Path $Python)) {
        & py -3.11 -m venv (Join-Path $Root ".venv-build")
        if ($LASTEXITCODE -ne 0) { throw "could not create .venv-build (is Python 3.11 installed?)" }
    }
}
& $Python -c "import PyInstaller" 2>$null
if ($LASTEXITCODE -ne 0) {
    & $Python -m pip install -q "$Root[build]"
    if ($LASTEXITCODE -ne 0) { throw "pip install failed" }
}

$Init = Get-Content (Join-Path $Root "tournament_manager\__init__.py") -Raw
$Version = [regex]::Match($Init, '(?m)^__version__ = "([^"]+)"').Groups[1].Value
$Numbers = @([regex]::Matches($Version, '\d+') | Select-Object -First 3 | ForEach-Object { $_.Value })
while ($Numbers.Count -lt 3) { $Numbers += "0" }
$VersionQuad = ($Numbers -join ".") + ".0"

$Timer = [Diagnostics.Stopwatch]::StartNew()
& $Python -m PyInstaller --noconfirm --clean --log-level WARN `
    --distpath $Dist --workpath $Work (Join-Path $Root "installer\tournament_manager.spec")
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }
$App = Join-Path $Dist "tournament-manager"
Write-Host ("built {0} (version {1}) in {2:N0} s" -f $App, $Version, $Timer.Elapsed.TotalSeconds)

# tournament-manager.exe is windowed (no stdout): its console twin prints the result line.
$env:QT_QPA_PLATFORM = "offscreen"
& (Join-Path $App "tournament-manager-cli.exe") --smoke-test
$Smoke = $LASTEXITCODE
Remove-Item Env:QT_QPA_PLATFORM
if ($Smoke -ne 0) { throw "the smoke test of the frozen application failed" }

$Zip = Join-Path $Dist "TournamentManager-$Version-windows-portable.zip"
Compress-Archive -Path $App -DestinationPath $Zip -Force
Write-Host "packed $Zip"

if (-not $NoInstaller) {
    $MakeNsis = (Get-Command makensis -ErrorAction SilentlyContinue).Source
    if (-not $MakeNsis) { $MakeNsis = Join-Path ${env:ProgramFiles(x86)} "NSIS\makensis.exe" }
    if (-not (Test-Path $MakeNsis)) { throw "makensis not found: install NSIS 3 or pass -NoInstaller" }
    $Setup = Join-Path $Dist "TournamentManager-$Version-setup.exe"
    & $MakeNsis /V2 "/DVERSION=$Version" "/DVERSION_QUAD=$VersionQuad" "/DSRCDIR=$App" `
        "/DOUTFILE=$Setup" (Join-Path $Root "installer\windows\tournament_manager.nsi")
    if ($LASTEXITCODE -ne 0) { throw "makensis failed" }
    Write-Host "made $Setup"
}
