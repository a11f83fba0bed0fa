import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { connectRoutes } from './routes/connect-routes';
import { publicRoutes } from './routes/public-routes';
import { workspaceRoutes } from './routes/workspace-routes';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [...workspaceRoutes, ...connectRoutes, ...publicRoutes],
  },
]);
