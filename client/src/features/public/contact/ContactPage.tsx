import { ComingSoon } from '../../../components/ComingSoon';

/** /contact: support e-mail, phone, address and message box (a later issue builds it). */
export function ContactPage() {
  return <ComingSoon title="Contact Us" message="The contact page is coming soon." />;
}
