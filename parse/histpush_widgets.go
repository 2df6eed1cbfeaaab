package parse

// zleBuiltinWidgetNames are the widgets zsh 5.9 defines itself (zsh -fic 'zle -la', the names
// without a leading dot): a file that defines a widget by one of these names replaces
// a widget the default keymaps bind, so vared runs it when the user types (see histpush.go).
const zleBuiltinWidgetNames = `
		accept-and-hold accept-and-infer-next-history accept-and-menu-complete accept-line
		accept-line-and-down-history accept-search argument-base auto-suffix-remove auto-suffix-retain
		backward-char backward-delete-char backward-delete-word backward-kill-line backward-kill-word
		backward-word beep beginning-of-buffer-or-history beginning-of-history beginning-of-line
		beginning-of-line-hist bracketed-paste capitalize-word clear-screen complete-word
		copy-prev-shell-word copy-prev-word copy-region-as-kill deactivate-region delete-char
		delete-char-or-list delete-word describe-key-briefly digit-argument down-case-word down-history
		down-line down-line-or-history down-line-or-search emacs-backward-word emacs-forward-word
		end-of-buffer-or-history end-of-history end-of-line end-of-line-hist end-of-list
		exchange-point-and-mark execute-last-named-cmd execute-named-cmd expand-cmd-path expand-history
		expand-or-complete expand-or-complete-prefix expand-word forward-char forward-word get-line
		gosmacs-transpose-chars history-beginning-search-backward history-beginning-search-forward
		history-incremental-pattern-search-backward history-incremental-pattern-search-forward
		history-incremental-search-backward history-incremental-search-forward history-search-backward
		history-search-forward infer-next-history insert-last-word kill-buffer kill-line kill-region
		kill-whole-line kill-word list-choices list-expand magic-space menu-complete
		menu-expand-or-complete neg-argument overwrite-mode pound-insert push-input push-line
		push-line-or-edit put-replace-selection quote-line quote-region quoted-insert read-command
		recursive-edit redisplay redo reset-prompt reverse-menu-complete run-help select-a-blank-word
		select-a-shell-word select-a-word select-in-blank-word select-in-shell-word select-in-word
		self-insert self-insert-unmeta send-break set-local-history set-mark-command spell-word split-undo
		transpose-chars transpose-words undefined-key undo universal-argument up-case-word up-history
		up-line up-line-or-history up-line-or-search vi-add-eol vi-add-next vi-backward-blank-word
		vi-backward-blank-word-end vi-backward-char vi-backward-delete-char vi-backward-kill-word
		vi-backward-word vi-backward-word-end vi-beginning-of-line vi-caps-lock-panic vi-change
		vi-change-eol vi-change-whole-line vi-cmd-mode vi-delete vi-delete-char
		vi-digit-or-beginning-of-line vi-down-case vi-down-line-or-history vi-end-of-line vi-fetch-history
		vi-find-next-char vi-find-next-char-skip vi-find-prev-char vi-find-prev-char-skip
		vi-first-non-blank vi-forward-blank-word vi-forward-blank-word-end vi-forward-char vi-forward-word
		vi-forward-word-end vi-goto-column vi-goto-mark vi-goto-mark-line vi-history-search-backward
		vi-history-search-forward vi-indent vi-insert vi-insert-bol vi-join vi-kill-eol vi-kill-line
		vi-match-bracket vi-open-line-above vi-open-line-below vi-oper-swap-case vi-pound-insert
		vi-put-after vi-put-before vi-quoted-insert vi-repeat-change vi-repeat-find vi-repeat-search
		vi-replace vi-replace-chars vi-rev-repeat-find vi-rev-repeat-search vi-set-buffer vi-set-mark
		vi-substitute vi-swap-case vi-undo-change vi-unindent vi-up-case vi-up-line-or-history vi-yank
		vi-yank-eol vi-yank-whole-line visual-line-mode visual-mode what-cursor-position where-is
		which-command yank yank-pop`
