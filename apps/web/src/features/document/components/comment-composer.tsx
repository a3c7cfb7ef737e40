import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { COMMENT_MAX_LENGTH } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useMentionable } from "../api/comments";
import "../locale";

/** The "@name" being typed just before the caret, or null when the caret is not in one. */
export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|[^\p{L}\p{N}_@.])@([A-Za-z0-9._-]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

/**
 * A comment's text box: typing "@" offers the people who may read the document (from the server)
 * and picking one writes "@username"; the arrow keys move through the list, Enter or Tab picks,
 * Escape closes it. Ctrl+Enter (⌘+Enter) sends.
 */
export function CommentComposer({
  documentId,
  version,
  label,
  placeholder,
  submitLabel,
  initial = "",
  busy,
  onSubmit,
  onCancel,
  testId,
}: {
  documentId: string;
  /** The version the comment will be on: who may be mentioned reads it. */
  version: number | null;
  label: string;
  placeholder: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  /** Resolves true when sent (the box then empties), false when refused (the text stays). */
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation("document");
  const [text, setText] = useState(initial);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const suggestions = useMentionable(documentId, mention?.query ?? null, version);
  const people = mention ? (suggestions.data ?? []) : [];
  const open = mention !== null && people.length > 0;
  const tooLong = text.length > COMMENT_MAX_LENGTH;

  const track = (value: string, caret: number) => {
    const found = mentionAtCaret(value, caret);
    setMention(found);
    if (found?.query !== mention?.query) setActive(0);
  };

  const pick = (username: string) => {
    if (!mention) return;
    const caret = mention.start + mention.query.length + 1;
    const next = `${text.slice(0, mention.start)}@${username} ${text.slice(caret)}`;
    setText(next);
    setMention(null);
    const at = mention.start + username.length + 2;
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(at, at);
    });
  };

  const submit = async () => {
    const body = text.trim();
    if (!body || tooLong || busy) return;
    if (await onSubmit(body)) {
      setText("");
      setMention(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((i) => (i + step + people.length) % people.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        pick(people[Math.min(active, people.length - 1)]!.username);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div className="grid gap-2">
      <div className="relative">
        <Textarea
          ref={box}
          aria-label={label}
          placeholder={placeholder}
          value={text}
          rows={3}
          className="min-h-20 break-words"
          // A multi-line text box keeps its own role (a combobox is single-line); the list is still
          // announced through its active option.
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          aria-invalid={tooLong || undefined}
          onChange={(e) => {
            setText(e.target.value);
            track(e.target.value, e.target.selectionStart);
          }}
          onSelect={(e) => track(e.currentTarget.value, e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setMention(null), 150)}
          data-testid={`input-${testId}`}
        />
        {open && (
          <ul
            id={listId}
            role="listbox"
            aria-label={t("composer.people")}
            className="absolute left-0 z-20 mt-1 max-h-56 w-full max-w-xs overflow-auto rounded-md border bg-popover p-1 text-sm shadow-md"
            data-testid="list-mention-suggestions"
          >
            {people.map((person, i) => (
              <li
                key={person.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={cn(
                  "cursor-pointer rounded-sm px-2 py-1.5",
                  i === active && "bg-accent text-accent-foreground",
                )}
                // Picked before the text box loses focus.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(person.username);
                }}
                data-testid={`option-mention-${person.username}`}
              >
                @{person.username}
              </li>
            ))}
          </ul>
        )}
      </div>
      {tooLong && (
        <p className="text-sm text-destructive" role="alert" data-testid={`error-${testId}`}>
          {t("composer.tooLong", { max: formatCount(COMMENT_MAX_LENGTH), now: formatCount(text.length) })}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
            {t("composer.cancel")}
          </Button>
        )}
        <Button
          size="sm"
          onClick={() => void submit()}
          disabled={busy || !text.trim() || tooLong}
          data-testid={`button-${testId}`}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
