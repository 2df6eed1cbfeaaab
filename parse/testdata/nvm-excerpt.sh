# A function shaped like nvm's nvm(): it dispatches on its first argument
# and calls itself, with other arguments, from inside case arms, in
# pipelines, substitutions and && chains. (Written for guardsh's tests in
# the shape of nvm.sh; not nvm's code.)
nvm_has() {
  type "${1-}" >/dev/null 2>&1
}

nvm_ls_current() {
  nvm_ls current | command tail -1
}

nvm() {
  if [ $# -lt 1 ]; then
    nvm --help
    return
  fi
  local COMMAND
  COMMAND="${1-}"
  shift
  case $COMMAND in
    'help' | '--help')
      echo "Node Version Manager (v$(nvm --version))"
      ;;
    "debug")
      echo >&2 "nvm --version: v$(nvm --version)"
      for NVM_DEBUG_COMMAND in 'nvm current' 'which node' 'which npm'; do
        NVM_DEBUG_OUTPUT="$($NVM_DEBUG_COMMAND 2>&1)"
        echo >&2 "$NVM_DEBUG_COMMAND: $NVM_DEBUG_OUTPUT"
      done
      return 42
      ;;
    "install" | "i")
      if [ -d "$NVM_DIR/versions/$1" ]; then
        if nvm use "$1" && [ -n "${REINSTALL_PACKAGES_FROM-}" ]; then
          nvm reinstall-packages "$REINSTALL_PACKAGES_FROM"
        fi
        return $?
      fi
      if nvm ls "$1" | command grep -q "$1"; then
        nvm use "$1" >/dev/null && nvm alias default "$1"
      fi
      ;;
    "ls" | "list")
      nvm_ls "${1-}" | command sort -u
      ;;
    "reinstall-packages" | "copy-packages")
      INSTALLS=$(nvm use "$1" >/dev/null && npm list -g --depth=0 | command sed 1,1d)
      echo "$INSTALLS" | command xargs npm install -g --quiet
      ;;
    "current")
      nvm_version current
      ;;
    "uninstall")
      for ALIAS in $(command grep -l "$1" "$NVM_DIR/alias/"* 2>/dev/null); do
        nvm unalias "$(command basename "$ALIAS")"
      done
      ;;
    "exec")
      nvm use "$1" | command tail -1 &
      wait
      ;;
    *)
      >&2 nvm --help
      return 127
      ;;
  esac
}
