import type { ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { cn } from "@/lib/utils";
import { i18n } from "@/lib/i18n";
import { rehypeAnchors, type AnchorOptions } from "../lib/rehype-anchors";
import { remarkHtmlAsText } from "../lib/remark-html-as-text";
import "../locale";

/**
 * Headings move one level down so the page's own title stays the only h1. HTML in a document is
 * shown as text (remarkHtmlAsText) and rehype-sanitize strips what markdown itself can smuggle in,
 * such as javascript: links.
 */
/** An outside link opens in a new tab, without handing that page this one. */
const newTab = { target: "_blank", rel: "noopener noreferrer" } as const;

const components: Components = {
  h1: (props) => <h2 className="mt-6 mb-3 text-2xl font-bold first:mt-0" {...omitNode(props)} />,
  h2: (props) => <h3 className="mt-6 mb-2 text-xl font-semibold first:mt-0" {...omitNode(props)} />,
  h3: (props) => <h4 className="mt-5 mb-2 text-lg font-semibold first:mt-0" {...omitNode(props)} />,
  h4: (props) => <h5 className="mt-4 mb-2 font-semibold first:mt-0" {...omitNode(props)} />,
  h5: (props) => <h6 className="mt-4 mb-2 font-semibold first:mt-0" {...omitNode(props)} />,
  h6: (props) => <h6 className="mt-4 mb-2 font-semibold first:mt-0" {...omitNode(props)} />,
  p: (props) => <p className="my-3 leading-7" {...omitNode(props)} />,
  ul: (props) => <ul className="my-3 list-disc space-y-1 pl-6" {...omitNode(props)} />,
  ol: (props) => <ol className="my-3 list-decimal space-y-1 pl-6" {...omitNode(props)} />,
  li: (props) => <li className="leading-7" {...omitNode(props)} />,
  a: ({ href, ...props }) => {
    const external = href !== undefined && /^https?:\/\//i.test(href);
    return (
      <a
        href={href}
        className="font-medium text-primary underline underline-offset-4"
        {...(external ? newTab : {})}
        {...omitNode(props)}
      />
    );
  },
  blockquote: (props) => (
    <blockquote className="my-3 border-l-4 pl-4 text-muted-foreground italic" {...omitNode(props)} />
  ),
  code: ({ className, ...props }) => (
    <code className={cn("rounded bg-muted px-1 py-0.5 font-mono text-sm", className)} {...omitNode(props)} />
  ),
  pre: (props) => (
    <pre
      className="my-3 overflow-x-auto rounded-md bg-muted p-3 font-mono text-sm [&_code]:bg-transparent [&_code]:p-0"
      tabIndex={0}
      {...omitNode(props)}
    />
  ),
  table: (props) => (
    // Named at render time, in the language then shown.
    <div
      className="my-3 overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label={i18n.t("document:content.table")}
    >
      <table className="w-full border-collapse text-sm" {...omitNode(props)} />
    </div>
  ),
  th: (props) => <th className="border px-2 py-1 text-left font-semibold" {...omitNode(props)} />,
  td: (props) => <td className="border px-2 py-1 align-top" {...omitNode(props)} />,
  hr: (props) => <hr className="my-6" {...omitNode(props)} />,
  img: ({ alt, ...props }) => <img alt={alt ?? ""} className="max-w-full" {...omitNode(props)} />,
};

/** react-markdown passes its syntax-tree node along; it must not reach the DOM as an attribute. */
function omitNode<T extends { node?: unknown }>(props: T): Omit<T, "node"> {
  const { node: _node, ...rest } = props;
  return rest;
}

/**
 * With `anchors`, headings carry `section-…` ids and blocks their passage (`passage-N`), and the
 * highlighted passage is marked; the ids are added after sanitising, so they are exactly ours.
 */
export function MarkdownContent({
  content,
  anchors,
  className,
  ...props
}: { content: string; anchors?: AnchorOptions } & ComponentProps<"div">) {
  return (
    <div
      className={cn(
        // Anchored blocks stop below the sticky top bar, with a line of context above them.
        "max-w-none text-sm break-words sm:text-base [&_[id]]:scroll-mt-28",
        "[&_[data-highlighted]]:bg-amber-200/70 dark:[&_[data-highlighted]]:bg-amber-400/25",
        className,
      )}
      {...props}
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkHtmlAsText]}
        rehypePlugins={anchors ? [rehypeSanitize, [rehypeAnchors, anchors]] : [rehypeSanitize]}
        components={components}
      >
        {content}
      </ReactMarkdown>
    </div>
  );
}
