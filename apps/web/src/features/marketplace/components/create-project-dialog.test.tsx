import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { marketplaceCategories, type MarketplaceWizardStepId } from '@agentry/core/marketplace';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSignInRequested, type SignInRequest } from '@/lib/sign-in-events';
import { onUpgradeDialogRequested } from '@/lib/upgrade-events';
import { PENDING_PROJECT_STORAGE_KEY, readPendingProject, type PendingProject } from '../lib/pending-project';
import {
  avatars,
  images,
  makeProject,
  mockApi,
  renderWithProviders,
  stubLayoutApis,
  type Handler,
  type Reply,
} from '../test/marketplace-test-kit';
import { CreateProjectDialog, type WizardAccount } from './create-project-dialog';

const account: WizardAccount = { id: 'u1', email: 'ada@agency.test', name: 'Ada Lovelace' };
const validTitle = 'AI receptionist for a dental clinic';
const validDescription =
  'We need an assistant that books appointments, answers price questions and hands over to staff.';

const pending: PendingProject = {
  projectData: {
    marketplaceType: 'business',
    title: validTitle,
    description: validDescription,
    timeframe: '2-4 weeks',
    category: 'Chatbots',
    image: images[0] ?? '',
    icon: avatars[1] ?? '',
    price: '$500 a month',
    priceValue: 500,
    priceType: 'monthly',
  },
  contactInfo: { name: 'Grace Hopper', email: 'grace@clinic.test', businessName: 'Bright Smiles' },
};

function renderWizard(
  options: {
    account?: WizardAccount;
    api?: Record<string, Reply | Handler>;
    resume?: PendingProject | null;
    hasMarketplaceAccess?: boolean;
  } = {},
) {
  const calls = mockApi({
    'GET /api/marketplace/marketplace-images': { body: images },
    'GET /api/avatars': { body: avatars },
    'GET /api/userprofile': {
      body: { name: 'Ada Lovelace', email: 'ada@agency.test', businessName: null, image: null },
    },
    'POST /api/userprofile': { body: { name: 'x', email: 'ada@agency.test', businessName: 'y', image: null } },
    ...options.api,
  });
  const onOpenChange = vi.fn();
  const wizardAccount = options.account === undefined ? account : options.account;
  const view = renderWithProviders(
    <CreateProjectDialog
      open
      onOpenChange={onOpenChange}
      account={wizardAccount}
      resume={options.resume ?? null}
      hasMarketplaceAccess={options.hasMarketplaceAccess}
    />,
  );
  return { calls, onOpenChange, ...view };
}

const dialog = () => screen.getByRole('dialog');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const stepText = () => within(dialog()).getByText(/^Step \d+ of 10:/).textContent;

/** Fills a step with valid input. */
async function fillStep(user: UserEvent, step: MarketplaceWizardStepId) {
  switch (step) {
    case 'marketplaceType':
      return user.click(screen.getByRole('radio', { name: /I'm a business/ }));
    case 'title':
      return fireEvent.change(screen.getByRole('textbox', { name: 'Project title' }), {
        target: { value: validTitle },
      });
    case 'description':
      return fireEvent.change(screen.getByRole('textbox', { name: 'Project description' }), {
        target: { value: validDescription },
      });
    case 'timeframe':
      return user.click(screen.getByRole('radio', { name: '2-4 weeks' }));
    case 'category':
      return user.click(screen.getByRole('radio', { name: 'Chatbots' }));
    case 'image':
      return user.click(await screen.findByRole('radio', { name: 'Office' }));
    case 'avatar':
      return user.click(await screen.findByRole('radio', { name: 'Avatar 02' }));
    case 'budget':
      return user.click(screen.getByRole('button', { name: '$500' }));
    case 'contact':
      fireEvent.change(screen.getByRole('textbox', { name: 'Your name' }), { target: { value: 'Grace Hopper' } });
      fireEvent.change(screen.getByRole('textbox', { name: 'Business name' }), { target: { value: 'Bright Smiles' } });
      return;
    case 'review':
      return;
  }
}

const order: MarketplaceWizardStepId[] = [
  'marketplaceType',
  'title',
  'description',
  'timeframe',
  'category',
  'image',
  'avatar',
  'budget',
  'contact',
  'review',
];

/** Walks forward with valid input until `target` is the current step. */
async function advanceTo(user: UserEvent, target: MarketplaceWizardStepId) {
  for (const step of order) {
    if (step === target) return;
    await fillStep(user, step);
    await user.click(continueButton());
  }
}

describe('CreateProjectDialog', () => {
  beforeEach(() => {
    stubLayoutApis();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the ten steps with their labels, a progress bar, Back and Continue', () => {
    renderWizard();
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((item) => item.textContent)).toEqual([
      '1Type',
      '2Title',
      '3Desc',
      '4Time',
      '5Category',
      '6Image',
      '7Avatar',
      '8Budget',
      '9Contact',
      '10Review',
    ]);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(stepText()).toBe('Step 1 of 10: Type');
  });

  it('keeps Continue disabled until a type is chosen, without a message', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(continueButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /I'm an agency/ }));
    expect(continueButton()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(stepText()).toBe('Step 2 of 10: Title');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '2');
  });

  it('validates the title with the documented messages and warns above 65 characters', async () => {
    const user = userEvent.setup();
    renderWizard();
    await advanceTo(user, 'title');
    const title = screen.getByRole('textbox', { name: 'Project title' });

    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a project title');

    fireEvent.change(title, { target: { value: 'Bot' } });
    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Title must be at least 5 characters long.');

    fireEvent.change(title, { target: { value: 'x'.repeat(76) } });
    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Title must be at most 75 characters long.');
    expect(screen.getByText('76/75').closest('[data-level]')).toHaveAttribute('data-level', 'over');

    fireEvent.change(title, { target: { value: 'x'.repeat(65) } });
    expect(screen.getByText('65/75').closest('[data-level]')).toHaveAttribute('data-level', 'normal');
    fireEvent.change(title, { target: { value: 'x'.repeat(66) } });
    expect(screen.getByText('66/75').closest('[data-level]')).toHaveAttribute('data-level', 'warning');
    await user.click(continueButton());
    expect(stepText()).toBe('Step 3 of 10: Desc');
  });

  it('validates the description with the documented messages and warns above 900 characters', async () => {
    const user = userEvent.setup();
    renderWizard();
    await advanceTo(user, 'description');
    const description = screen.getByRole('textbox', { name: 'Project description' });

    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a project description');
    fireEvent.change(description, { target: { value: 'Too short to explain anything.' } });
    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Description must be at least 50 characters long.');
    fireEvent.change(description, { target: { value: 'y'.repeat(1001) } });
    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Description must be at most 1000 characters long.');

    fireEvent.change(description, { target: { value: 'y'.repeat(900) } });
    expect(screen.getByText('900/1000').closest('[data-level]')).toHaveAttribute('data-level', 'normal');
    fireEvent.change(description, { target: { value: 'y'.repeat(901) } });
    expect(screen.getByText('901/1000').closest('[data-level]')).toHaveAttribute('data-level', 'warning');
    await user.click(continueButton());
    expect(stepText()).toBe('Step 4 of 10: Time');
  });

  it('offers the five timeframes and requires one', async () => {
    const user = userEvent.setup();
    renderWizard();
    await advanceTo(user, 'timeframe');
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
      '1-2 weeks',
      '2-4 weeks',
      '1-2 months',
      '3-6 months',
      'Permanent Position',
    ]);
    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a timeframe');
    await user.click(screen.getByRole('radio', { name: 'Permanent Position' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("offers the shared categories without 'All' and requires one", async () => {
    const user = userEvent.setup();
    renderWizard();
    await advanceTo(user, 'category');
    const values = screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value);
    expect(values).toEqual([...marketplaceCategories]);
    expect(values).not.toContain('All');
    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a category');
  });

  it('requires a project image and an avatar', async () => {
    const user = userEvent.setup();
    renderWizard();
    await advanceTo(user, 'image');
    await screen.findByRole('radio', { name: 'Office' });
    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a project image');
    await fillStep(user, 'image');
    await user.click(continueButton());
    expect(stepText()).toBe('Step 7 of 10: Avatar');
    await screen.findByRole('radio', { name: 'Avatar 01' });
    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please select an avatar');
  });

  it('shows the documented texts when the pictures cannot be loaded', async () => {
    const user = userEvent.setup();
    renderWizard({
      api: {
        'GET /api/marketplace/marketplace-images': {
          status: 500,
          body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } },
        },
        'GET /api/avatars': { body: [] },
      },
    });
    await advanceTo(user, 'image');
    expect(await screen.findByText('No images found or failed to load.')).toBeInTheDocument();
    // Uploading stays possible.
    expect(screen.getByRole('button', { name: 'Upload your own' })).toBeEnabled();
  });

  it('shows the avatar failure text when the list is empty', async () => {
    const user = userEvent.setup();
    renderWizard({ api: { 'GET /api/avatars': { body: [] } } });
    await advanceTo(user, 'avatar');
    expect(await screen.findByText('No icons found or failed to load.')).toBeInTheDocument();
  });

  it('uploads your own picture through POST /api/files and selects it', async () => {
    const user = userEvent.setup();
    const { calls } = renderWizard({
      api: {
        'POST /api/files': {
          status: 201,
          body: {
            id: 'f'.repeat(20),
            url: `/files/${'f'.repeat(20)}`,
            name: 'logo.png',
            contentType: 'image/png',
            size: 4,
            purpose: 'avatar',
            createdAt: new Date().toISOString(),
          },
        },
      },
    });
    await advanceTo(user, 'avatar');
    await user.upload(
      screen.getByTestId('upload-avatar'),
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('radio', { name: 'Your upload 1' })).toBeChecked();
    const upload = calls.find((call) => call.path === '/api/files');
    expect(upload?.search).toBe('?purpose=avatar');
    expect(upload?.headers['x-file-name']).toBe('logo.png');
  });

  it('refuses an unsupported file before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = renderWizard();
    await advanceTo(user, 'image');
    await user.upload(
      screen.getByTestId('upload-image'),
      new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }),
    );
    expect(await screen.findByText('Unsupported file type')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/files')).toBe(false);
  });

  it('keeps only digits and dots in the budget and shows the price text per schedule', async () => {
    const user = userEvent.setup();
    renderWizard();
    await advanceTo(user, 'budget');
    const budget = screen.getByRole('spinbutton', { name: 'Budget (USD)' });
    expect(budget).toHaveAttribute('type', 'number');
    expect(budget).toHaveAttribute('min', '0');
    expect(budget).toHaveAttribute('step', '0.01');

    await user.click(continueButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a budget');

    fireEvent.change(budget, { target: { value: '1e5' } });
    expect(budget).toHaveValue(15);
    fireEvent.change(budget, { target: { value: '-20.5' } });
    expect(budget).toHaveValue(20.5);
    expect(screen.getByTestId('price-text')).toHaveTextContent('$20.5');

    expect(screen.getAllByRole('button', { name: /^\$\d+$/ }).map((button) => button.textContent)).toEqual([
      '$200',
      '$350',
      '$500',
      '$1000',
      '$2500',
    ]);
    await user.click(screen.getByRole('button', { name: '$500' }));
    expect(budget).toHaveValue(500);
    expect(screen.getByTestId('price-text')).toHaveTextContent(/^\$500$/);
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByTestId('price-text')).toHaveTextContent('$500 a month');
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(screen.getByTestId('price-text')).toHaveTextContent('$500 a week');
    await user.click(continueButton());
    expect(stepText()).toBe('Step 9 of 10: Contact');
  });

  it('asks a signed-in author for name and business name only', async () => {
    const user = userEvent.setup();
    renderWizard();
    await advanceTo(user, 'contact');
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveValue('Ada Lovelace');
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.getByText('ada@agency.test')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: ' ' } });
    await user.click(continueButton());
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Please enter your name', 'Please enter your business name']);
  });

  it('asks a signed-out author for a valid e-mail and the terms', async () => {
    const user = userEvent.setup();
    renderWizard({ account: null });
    await advanceTo(user, 'contact');
    await fillStep(user, 'contact');
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'grace@clinic' } });
    await user.click(continueButton());
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter a valid email address',
      'You must accept the terms of service to continue',
    ]);
    expect(screen.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/terms');
  });

  it('pre-registers a signed-out author, keeps the pending project and sends the sign-in link back to the marketplace', async () => {
    const user = userEvent.setup();
    const { calls } = renderWizard({
      account: null,
      api: {
        'POST /api/auth/pre-register': { body: { success: true } },
        'POST /api/auth/sign-in/magic-link': { body: { status: true } },
      },
    });
    await advanceTo(user, 'contact');
    await fillStep(user, 'contact');
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: ' Grace@Clinic.test ' } });
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/api/auth/pre-register', { email: 'grace@clinic.test', emailconsent: false }],
      [
        '/api/auth/sign-in/magic-link',
        { email: 'grace@clinic.test', callbackURL: '/marketplace?fromMarketplace=true' },
      ],
    ]);
    expect(readPendingProject()).toEqual({
      projectData: {
        marketplaceType: 'business',
        title: validTitle,
        description: validDescription,
        timeframe: '2-4 weeks',
        category: 'Chatbots',
        image: images[0],
        icon: avatars[1],
        price: '$500',
        priceValue: 500,
        priceType: 'one-time',
      },
      contactInfo: { name: 'Grace Hopper', email: 'grace@clinic.test', businessName: 'Bright Smiles' },
    });
  });

  it("shows the pre-registration failure on the e-mail field: the server's error, else the documented text", async () => {
    const user = userEvent.setup();
    let answer: Reply = { status: 400, body: { error: 'This email address is blocked.' } };
    const { calls } = renderWizard({ account: null, api: { 'POST /api/auth/pre-register': () => answer } });
    await advanceTo(user, 'contact');
    await fillStep(user, 'contact');
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'grace@clinic.test' } });
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(continueButton());
    expect(await screen.findByText('This email address is blocked.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    answer = { status: 500 };
    await user.click(continueButton());
    expect(await screen.findByText('Failed to register. Please try again.')).toBeInTheDocument();
    expect(localStorage.getItem(PENDING_PROJECT_STORAGE_KEY)).toBeNull();
    expect(calls.some((call) => call.path === '/api/auth/sign-in/magic-link')).toBe(false);
  });

  it('sends a signed-out author who presses Create to sign-in, with the project kept', async () => {
    const user = userEvent.setup();
    const requests: SignInRequest[] = [];
    const stop = onSignInRequested((request) => requests.push(request));
    const { onOpenChange } = renderWizard({ account: null, resume: pending });
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    stop();
    expect(requests).toEqual([{ reason: 'user', callbackUrl: '/marketplace?fromMarketplace=true', flow: 'import' }]);
    expect(readPendingProject()?.projectData.title).toBe(validTitle);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('restores a pending project and opens at review', () => {
    renderWizard({ resume: pending });
    expect(stepText()).toBe('Step 10 of 10: Review');
    const review = dialog();
    expect(within(review).getAllByText(validTitle).length).toBeGreaterThan(0);
    expect(within(review).getAllByText('$500 a month').length).toBeGreaterThan(0);
    expect(within(review).getAllByText('Bright Smiles').length).toBeGreaterThan(0);
    // A signed-in author's own e-mail is used, not the one typed while signed out.
    expect(within(review).getByText('ada@agency.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create Project' })).toHaveFocus();
  });

  it('cannot be closed with Escape or a click outside, only with its close button', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderWizard();
    await user.keyboard('{Escape}');
    fireEvent.pointerDown(document.body);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('posts the project, shows the success screen, then refreshes, closes after 2.5 s and resets 0.3 s later', async () => {
    vi.useFakeTimers();
    const { calls, onOpenChange, queryClient } = renderWizard({
      resume: pending,
      api: {
        'POST /api/marketplace/projects': {
          status: 201,
          body: { message: 'ok', dailyLimitReached: false, dailyLimit: 2, projectsToday: 1, project: makeProject() },
        },
      },
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(screen.getByRole('button', { name: 'Create Project' }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByRole('heading', { name: 'Project Created!' })).toBeInTheDocument();
    expect(screen.getByText('Your project has been successfully submitted and is now live.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/marketplace/projects');
    expect(post?.body).toMatchObject({
      marketplaceType: 'business',
      title: validTitle,
      timeframe: '2-4 weeks',
      category: 'Chatbots',
      priceValue: 500,
      priceType: 'monthly',
      price: '$500 a month',
      authorName: 'Grace Hopper',
      companyName: 'Bright Smiles',
      email: 'ada@agency.test',
    });
    expect(localStorage.getItem(PENDING_PROJECT_STORAGE_KEY)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2499));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['marketplace'] });
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['marketplace'] });

    // The parent keeps it open here, so the flag is visible: still success until 0.3 s later.
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.getByRole('heading', { name: 'Project Created!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('heading', { name: 'Project Created!' })).not.toBeInTheDocument();
    expect(stepText()).toBe('Step 1 of 10: Type');
  });

  it("shows the daily-limit message on 429 with the server's numbers", async () => {
    const user = userEvent.setup();
    renderWizard({
      resume: pending,
      api: {
        'POST /api/marketplace/projects': {
          status: 429,
          body: {
            dailyLimitReached: true,
            dailyLimit: 2,
            projectsToday: 2,
            message: 'x',
            error: { code: 'DAILY_LIMIT_REACHED', message: 'x', support_id: 'a' },
          },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Daily limit reached! You can only create 2 projects per day. You've already created 2 projects today. Please try again tomorrow.",
    );
    expect(screen.queryByRole('heading', { name: 'Project Created!' })).not.toBeInTheDocument();
  });

  it('uses 2 as the daily limit when the server gives no number', async () => {
    const user = userEvent.setup();
    renderWizard({
      resume: pending,
      api: { 'POST /api/marketplace/projects': { status: 429, body: { dailyLimitReached: true, projectsToday: 3 } } },
    });
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You can only create 2 projects per day. You've already created 3 projects today.",
    );
  });

  it("shows the server's message on other failures, else 'Failed to create project. Status: {status}'", async () => {
    const user = userEvent.setup();
    let answer: Reply = {
      status: 400,
      body: { error: { code: 'VALIDATION_ERROR', message: 'Please select a category', support_id: 'a' } },
    };
    renderWizard({ resume: pending, api: { 'POST /api/marketplace/projects': () => answer } });
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a category');
    answer = { status: 502 };
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to create project. Status: 502'));
  });

  it('asks for a plan on 403 and keeps the project for after the upgrade', async () => {
    const user = userEvent.setup();
    const upgrades: unknown[] = [];
    const stop = onUpgradeDialogRequested((request) => upgrades.push(request));
    renderWizard({
      resume: pending,
      api: {
        'POST /api/marketplace/projects': {
          status: 403,
          body: { error: { code: 'PLAN_REQUIRED', message: 'Pick a plan', support_id: 'a' } },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(await screen.findByText('Pick a plan to use this feature')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/usage');
    stop();
    expect(upgrades).toEqual([
      { reason: 'Pick a plan to use this feature', returnUrl: '/marketplace?fromMarketplace=true' },
    ]);
    expect(readPendingProject()?.projectData.title).toBe(validTitle);
  });

  it('tells a signed-out author at step 1 that posting needs a plan, and not an author who has one', () => {
    const view = renderWizard({ account: null });
    expect(stepText()).toBe('Step 1 of 10: Type');
    expect(
      within(dialog()).getByText('Posting needs a plan with marketplace access (Growth and up).'),
    ).toBeInTheDocument();
    view.unmount();
    renderWizard();
    expect(within(dialog()).queryByText(/Posting needs a plan/)).toBeNull();
  });

  it('lets a signed-in author without marketplace access choose a plan at review, keeping the project', async () => {
    const user = userEvent.setup();
    const upgrades: unknown[] = [];
    const stop = onUpgradeDialogRequested((request) => upgrades.push(request));
    const { calls } = renderWizard({ resume: pending, hasMarketplaceAccess: false });
    expect(within(dialog()).getByText('Pick a plan to use this feature')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose a plan' }));
    stop();
    expect(upgrades).toEqual([
      { reason: 'Pick a plan to use this feature', returnUrl: '/marketplace?fromMarketplace=true' },
    ]);
    expect(readPendingProject()?.projectData.title).toBe(validTitle);
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/marketplace/projects')).toBe(false);
  });

  it('moves back freely without validating', async () => {
    const user = userEvent.setup();
    renderWizard();
    await advanceTo(user, 'description');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepText()).toBe('Step 2 of 10: Title');
    expect(screen.getByRole('textbox', { name: 'Project title' })).toHaveValue(validTitle);
  });
});
