import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { Bold, Code, Heading2, Italic, List, ListOrdered, Quote, Table, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { richTextExtensions } from "../lib/rich-text";

interface ToolbarAction {
  label: string;
  icon: LucideIcon;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const ACTIONS: ToolbarAction[] = [
  {
    label: "Heading",
    icon: Heading2,
    active: (e) => e.isActive("heading", { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: "Bold",
    icon: Bold,
    active: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: "Italic",
    icon: Italic,
    active: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: "Code",
    icon: Code,
    active: (e) => e.isActive("code"),
    run: (e) => e.chain().focus().toggleCode().run(),
  },
  {
    label: "Bulleted list",
    icon: List,
    active: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: "Numbered list",
    icon: ListOrdered,
    active: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "Quote",
    icon: Quote,
    active: (e) => e.isActive("blockquote"),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    label: "Table",
    icon: Table,
    active: (e) => e.isActive("table"),
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
];

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ACTIONS.map((action) => action.active(e)),
  });
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b p-1">
      {ACTIONS.map((action, index) => (
        <Button
          key={action.label}
          type="button"
          size="sm"
          variant={active[index] ? "secondary" : "ghost"}
          aria-label={action.label}
          aria-pressed={active[index]}
          title={action.label}
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
  const editor = useEditor({
    extensions: richTextExtensions(),
    content,
    contentType: "markdown",
    onUpdate: ({ editor: changed }) => onChange(changed.getMarkdown()),
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": "Content (rich text)",
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
