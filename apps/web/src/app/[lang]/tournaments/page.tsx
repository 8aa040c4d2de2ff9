import { pendingSectionPage } from '@/components/pending-section';

const { generateMetadata, Page } = pendingSectionPage('tournaments');

export { generateMetadata };
export default Page;
