import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function HomePage() {
  return <ScreenPlaceholder title="Welcome to Quire" arrivesWith="the home screen work" testId="home-page" />;
}
