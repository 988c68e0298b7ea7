; Per-user Windows installer of the one-folder PyInstaller build (no administrator rights).
;
;   makensis -DVERSION=0.1.0 -DSRCDIR=dist\tournament-manager [-DOUTFILE=setup.exe]
;            [-DFAST] installer\windows\tournament_manager.nsi
;
; VERSION  the application's version (tournament_manager.__version__)
; SRCDIR   the folder PyInstaller made (holds tournament-manager.exe and _internal\)
; OUTFILE  the installer to write (default: TournamentManager-VERSION-setup.exe beside
;          this script)
; VERSION_QUAD  four numbers for the version resource (default: VERSION plus ".0")
; FAST     store the files uncompressed: for CI, which only proves that the script compiles
;
; Installs into %LOCALAPPDATA%\Programs\Tournament Manager, adds a Start menu entry,
; registers the uninstaller under HKCU (Settings > Apps lists it) and opens .tmt
; tournament files with the application. makensis 3.x runs on Windows and on Linux
; (Debian package `nsis`).

Unicode true
!include "MUI2.nsh"
!include "FileFunc.nsh"

!ifndef VERSION
  !error "pass -DVERSION=x.y.z"
!endif
!ifndef SRCDIR
  !error "pass -DSRCDIR=<the PyInstaller dist folder>"
!endif
!ifndef OUTFILE
  !define OUTFILE "TournamentManager-${VERSION}-setup.exe"
!endif

!define APP_NAME "Tournament Manager"
!define APP_EXE "tournament-manager.exe"
!define APP_ID "TournamentManager"
!define PUBLISHER "Mahjong Tournament Manager"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_ID}"
!define DOC_EXT ".tmt"
!define DOC_PROGID "TournamentManager.Tournament"
!define CLASSES "Software\Classes"
!define SHCNE_ASSOCCHANGED 0x08000000
!define SHCNF_IDLIST 0

Name "${APP_NAME}"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
ShowInstDetails show
ShowUninstDetails show
BrandingText "${APP_NAME} ${VERSION}"

!ifdef FAST
  SetCompress off
!else
  SetCompressor /SOLID lzma
!endif

VIAddVersionKey /LANG=1033 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "${APP_NAME} installer"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=1033 "LegalCopyright" "MIT licence, ${PUBLISHER}"
!ifndef VERSION_QUAD  ; four numbers for the version resource: 1.2.3 -> 1.2.3.0
  !searchparse /noerrors "${VERSION}" "" V_MAJOR "." V_MINOR "." V_PATCH
  !define VERSION_QUAD "${V_MAJOR}.${V_MINOR}.${V_PATCH}.0"
!endif
VIProductVersion "${VERSION_QUAD}"
VIFileVersion "${VERSION_QUAD}"

!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"

Function .onInit
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "Application" SecApp
  SectionIn RO
  ; A previous version's files go first: a one-folder build must never mix two versions.
  RMDir /r "$INSTDIR\_internal"
  SetOutPath "$INSTDIR"
  File /r "${SRCDIR}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"

  ; .tmt files open with the application (per user: HKCU\Software\Classes).
  WriteRegStr HKCU "${CLASSES}\${DOC_EXT}" "" "${DOC_PROGID}"
  WriteRegStr HKCU "${CLASSES}\${DOC_EXT}" "Content Type" "application/vnd.sqlite3"
  WriteRegStr HKCU "${CLASSES}\${DOC_PROGID}" "" "Tournament file"
  WriteRegStr HKCU "${CLASSES}\${DOC_PROGID}\DefaultIcon" "" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${CLASSES}\${DOC_PROGID}\shell\open\command" "" '"$INSTDIR\${APP_EXE}" "%1"'
  WriteRegStr HKCU "${CLASSES}\Applications\${APP_EXE}\shell\open\command" "" '"$INSTDIR\${APP_EXE}" "%1"'
  System::Call 'shell32::SHChangeNotify(i ${SHCNE_ASSOCCHANGED}, i ${SHCNF_IDLIST}, p 0, p 0)'
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"

  ; Only what the installer put there: tournament files, backups and logs live in the
  ; user's data folder and stay.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP_EXE}"
  Delete "$INSTDIR\tournament-manager-cli.exe"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"

  ; The association, unless another program has taken .tmt over since.
  ReadRegStr $0 HKCU "${CLASSES}\${DOC_EXT}" ""
  StrCmp $0 "${DOC_PROGID}" 0 +2
    DeleteRegKey HKCU "${CLASSES}\${DOC_EXT}"
  DeleteRegKey HKCU "${CLASSES}\${DOC_PROGID}"
  DeleteRegKey HKCU "${CLASSES}\Applications\${APP_EXE}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  System::Call 'shell32::SHChangeNotify(i ${SHCNE_ASSOCCHANGED}, i ${SHCNF_IDLIST}, p 0, p 0)'
SectionEnd
