import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { Bold, Code, Heading2, Italic, List, ListOrdered, Quote, Table, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { richTextExtensions } from "../lib/rich-text";
import "../locale";

interface ToolbarAction {
  label: "heading" | "bold" | "italic" | "code" | "bulleted" | "numbered" | "quote" | "table";
  icon: LucideIcon;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const ACTIONS: ToolbarAction[] = [
  {
    label: "heading",
    icon: Heading2,
    active: (e) => e.isActive("heading", { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: "bold",
    icon: Bold,
    active: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: "italic",
    icon: Italic,
    active: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: "code",
    icon: Code,
    active: (e) => e.isActive("code"),
    run: (e) => e.chain().focus().toggleCode().run(),
  },
  {
    label: "bulleted",
    icon: List,
    active: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: "numbered",
    icon: ListOrdered,
    active: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "quote",
    icon: Quote,
    active: (e) => e.isActive("blockquote"),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    label: "table",
    icon: Table,
    active: (e) => e.isActive("table"),
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
];

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation("document");
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ACTIONS.map((action) => action.active(e)),
  });
  return (
    <div role="toolbar" aria-label={t("editor.formatting")} className="flex flex-wrap gap-1 border-b p-1">
      {ACTIONS.map((action, index) => (
        <Button
          key={action.label}
          type="button"
          size="sm"
          variant={active[index] ? "secondary" : "ghost"}
          aria-label={t(`editor.tools.${action.label}`)}
          aria-pressed={active[index]}
          title={t(`editor.tools.${action.label}`)}
          onClick={() => action.run(editor)}
        >
          <action.icon aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}

/**
 * The rich-text editing mode: edits `content` (markdown) as formatted text and hands every change
 * back as markdown, so a person can switch between it and the markdown mode. Loaded only when
 * chosen (React.lazy), which keeps the editor's weight off every other page.
 */
export default function RichTextEditor({
  content,
  onChange,
}: {
  content: string;
  onChange: (markdown: string) => void;
}) {
  const { t } = useTranslation("document");
  const editor = useEditor({
    extensions: richTextExtensions(),
    content,
    contentType: "markdown",
    onUpdate: ({ editor: changed }) => onChange(changed.getMarkdown()),
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": t("editor.richLabel"),
        "data-testid": "rich-text-content",
        // No typography plugin here: the elements are styled as the Content tab shows them.
        class: cn(
          "grid min-h-full content-start gap-3 p-4 text-sm outline-none",
          "[&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold",
          "[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6",
          "[&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground",
          "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3",
          "[&_a]:text-primary [&_a]:underline",
          "[&_table]:border-collapse [&_td]:border [&_td]:p-1 [&_th]:border [&_th]:bg-muted [&_th]:p-1 [&_th]:text-left",
        ),
      },
    },
  });
  return (
    <div className="grid h-[60vh] max-h-[40rem] min-h-[16rem] grid-rows-[auto_minmax(0,1fr)] rounded-md border">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} className="overflow-y-auto" />
    </div>
  );
}
