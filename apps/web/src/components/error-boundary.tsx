import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import "./locale";

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Keeps a crash in one screen (or a chunk that failed to load after a deploy) from blanking the app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The console is where a developer or a support session will look first.
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <PageFailed message={this.state.error.message} />;
  }
}

/** The boundary's notice; a function component, so it follows the interface's language. */
function PageFailed({ message }: { message: string }) {
  const { t } = useTranslation("shared");
  return (
    <div role="alert" className="mx-auto max-w-lg space-y-4 p-8 text-center">
      <h1 className="text-xl font-semibold">{t("errors.pageFailed")}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button onClick={() => window.location.reload()}>{t("errors.reload")}</Button>
    </div>
  );
}
