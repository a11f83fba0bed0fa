import { LegalDocument, type LegalSection } from '../components/legal-document';
import { LEGAL_UPDATED_ON, SUPPORT_EMAIL } from '../lib/contact';

const sections: readonly LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>Account details: your e-mail address, and your name and profile picture if you sign in with Google.</li>
        <li>Your choice about marketing e-mails, made with the consent box when you sign in.</li>
        <li>
          Billing details: your plan, credit balance and invoices. Card numbers go straight to our payment provider; we
          never see or store them.
        </li>
        <li>
          Content: agents, prompts, knowledge files, widget and demo settings, and the conversations your agents have.
        </li>
        <li>
          Usage and technical data: credits used per model, sign-in times, IP address and browser type, kept for
          security and billing.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <>
        <p>
          To run Agentry for you: sign you in, run and evaluate your agents, bill your plan, count credits, answer
          support requests, and keep the service secure and free of abuse.
        </p>
        <p>
          We send marketing e-mails (early access, AI tips, offers) only if you ticked the box to stay in the loop, and
          every one of them has an unsubscribe link. Service e-mails such as sign-in links and billing notices are
          always sent.
        </p>
      </>
    ),
  },
  {
    id: 'widget-visitors',
    title: 'Visitors who chat with your agents',
    body: (
      <p>
        When someone chats with an agent on a client&apos;s website or in a demo, we process their messages to answer
        them and store the conversation for the agency that deployed the agent. For that data the agency decides what is
        collected and why, and Agentry acts on its behalf. The widget keeps a visitor&apos;s previous conversations in
        their own browser so they can pick up where they left off.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We never sell personal data. We share it only with the providers that help us run Agentry, under contracts
          that protect it:
        </p>
        <ul>
          <li>hosting and database providers;</li>
          <li>our card payment provider, for checkout and invoices;</li>
          <li>e-mail delivery, for sign-in links and notices;</li>
          <li>AI model providers, which receive the messages and instructions needed to generate each answer.</li>
        </ul>
        <p>We also disclose data when the law requires it.</p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        We use one essential cookie to keep you signed in, and your browser&apos;s local storage for preferences such as
        the light or dark theme. We do not use advertising cookies. Signing out clears what Agentry keeps in local
        storage.
      </p>
    ),
  },
  {
    id: 'retention-and-security',
    title: 'How long we keep it and how we protect it',
    body: (
      <p>
        We keep your data while your account is open. When you ask us to delete your account, we delete your content
        within 30 days, except records we must keep by law, such as invoices. Data is encrypted in transit, access
        inside Agentry is limited to the people who need it, and every sub account&apos;s data is kept separate from the
        others.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        You can ask for a copy of your data, ask us to correct or delete it, object to how we use it, or withdraw your
        marketing consent at any time. E-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will answer
        within 30 days. You can also complain to your local data protection authority.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top. If a change matters, for example a new kind of data or
        a new purpose, we will e-mail you before it takes effect.
      </p>
    ),
  },
];

/** `/privacy-policy`. */
export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary="What personal data Agentry collects, why, who we share it with, and how you stay in control of it."
      updatedOn={LEGAL_UPDATED_ON}
      sections={sections}
    />
  );
}
