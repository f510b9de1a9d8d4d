# content-mock in a container: mount your Strapi project at /project.
#   docker build -t content-mock .
#   docker run --rm -p 1337:1337 -v "$PWD/../my-strapi-app:/project" content-mock serve --host 0.0.0.0 --schemas . --public --seed-if-empty
# Without arguments it serves the embedded example on port 1337 (PORT and CONTENT_MOCK_* variables set flags too).

FROM node:22-alpine AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm ci --ignore-scripts && npm run build

FROM node:22-alpine
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# sharp comes with its prebuilt binary for the platform (musl here); no install script is needed.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY bin ./bin
COPY schema ./schema
COPY data/schemas ./data/schemas
COPY data/seed.json data/content-mock.config.json ./data/
WORKDIR /project
EXPOSE 1337
ENTRYPOINT ["node", "/app/bin/content-mock.js"]
CMD ["serve", "--host", "0.0.0.0"]
