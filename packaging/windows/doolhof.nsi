; The Windows installer: puts the app folder into the user's programs folder, a Start-menu entry, and an
; uninstaller that "Apps & features" lists. scripts/build_app.py --archive compiles it (needs NSIS):
;   makensis /DVERSION=0.1.0 /DNUMERIC_VERSION=0.1.0.0 /DSOURCE=dist\doolhof /DOUTFILE=setup.exe
;            /DLICENSE=LICENSE /DICON=build\app\doolhof.ico packaging\windows\doolhof.nsi
; For one user, without administrator rights: nothing outside the user's own folders and registry is touched.
Unicode true
!include "MUI2.nsh"

!ifndef VERSION
  !error "define VERSION (see the top of this file)"
!endif
!ifndef NUMERIC_VERSION
  !error "define NUMERIC_VERSION (see the top of this file)"
!endif
!ifndef SOURCE
  !error "define SOURCE (see the top of this file)"
!endif
!ifndef OUTFILE
  !error "define OUTFILE (see the top of this file)"
!endif
!ifndef LICENSE
  !error "define LICENSE (see the top of this file)"
!endif
!ifndef ICON
  !error "define ICON (see the top of this file)"
!endif
!define APP_ID "io.github.doolhof.Doolhof"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP_ID}"

Name "Doolhof"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Doolhof"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
RequestExecutionLevel user
SetCompressor /SOLID lzma
ManifestDPIAware true

VIProductVersion "${NUMERIC_VERSION}"
VIAddVersionKey /LANG=1033 "ProductName" "Doolhof"
VIAddVersionKey /LANG=1033 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=1033 "FileDescription" "Doolhof ${VERSION} setup"
VIAddVersionKey /LANG=1033 "CompanyName" "The Doolhof developers"
VIAddVersionKey /LANG=1033 "LegalCopyright" "Copyright (c) 2026 the Doolhof developers (MIT licence)"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_FINISHPAGE_RUN "$INSTDIR\doolhof.exe"
!insertmacro MUI_PAGE_LICENSE "${LICENSE}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
; The first language is the default; the others follow Windows' display language.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Dutch"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "Swedish"

Section "Doolhof"
  SetOutPath "$INSTDIR"
  RMDir /r "$INSTDIR\_internal"  ; an older version's files must not linger beside the new ones
  File /r "${SOURCE}\*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\Doolhof.lnk" "$INSTDIR\doolhof.exe"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "Doolhof"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The Doolhof developers"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\doolhof.exe"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "URLInfoAbout" "https://github.com/doolhof/doolhof"
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  ; Only the folder the installer made: the game and its uninstaller must be in it. The settings and the
  ; game in progress live in the user's folders (not here) and stay for a later install.
  IfFileExists "$INSTDIR\doolhof.exe" +2 0
    Abort "Doolhof is not in $INSTDIR"
  Delete "$SMPROGRAMS\Doolhof.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\doolhof.exe"
  Delete "$INSTDIR\VERSION"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\THIRD-PARTY-NOTICES.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
